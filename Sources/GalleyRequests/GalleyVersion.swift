/// Galley's version, as `galley --version`, the C library and the Python package report it.
package enum GalleyVersion {
    /// The version number.
    package static let number = "0.6.0"
}

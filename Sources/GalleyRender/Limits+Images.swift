import GalleyLayout
@_spi(Stages) import GalleyText

extension Limits {
    /// Throws ``RenderError/webpTooLarge(width:height:limit:)`` unless a WebP image of `width × height` pixels is
    /// within ``webpPixels`` and WebP's side limit (``WebPWriter/sideLimit``).
    public func checkWebP(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= WebPWriter.sideLimit, height <= WebPWriter.sideLimit,
            width.multipliedReportingOverflow(by: height).partialValue <= webpPixels
        else { throw RenderError.webpTooLarge(width: width, height: height, limit: webpPixels) }
    }

    /// Throws ``RenderError/imageTooLarge(width:height:limit:sideLimit:)`` unless an image of `width × height`
    /// pixels is within ``imagePixels`` and ``imageSide``.
    func checkImage(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= imageSide, height <= imageSide,
            width.multipliedReportingOverflow(by: height).partialValue <= imagePixels
        else {
            throw RenderError.imageTooLarge(width: width, height: height, limit: imagePixels, sideLimit: imageSide)
        }
    }
}

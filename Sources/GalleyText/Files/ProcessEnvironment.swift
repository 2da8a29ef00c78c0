import Foundation

/// The process's environment variables, read one at a time.
package enum ProcessEnvironment {
    /// The value of the variable `name`, nil when it is unset. Read alone (`getenv`): `ProcessInfo`'s
    /// `environment` copies every variable into a dictionary first, at every start of a process that asks.
    package static func value(of name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

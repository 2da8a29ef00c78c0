import ArgumentParser
import GalleyDocuments
import GalleyRequests

extension NameSpecification {
    /// The long option of request setting `name` and its former names, as ``RequestSettings`` declares them.
    static func setting(_ name: SettingName) -> NameSpecification {
        NameSpecification([.customLong(name.optionName)] + name.setting.formerNames.map { .customLong($0) })
    }
}

extension ArgumentHelp {
    /// The help of request setting `name`, from ``RequestSettings``.
    static func setting(_ name: SettingName) -> ArgumentHelp { ArgumentHelp(name.setting.fullHelp) }
}

/// Options whose values are request settings: each gives its values as `name=value` items, and every check, range
/// and reading of them is ``RequestOptions``', shared with `galley serve`'s query parameters.
protocol SettingOptions: ParsableArguments {
    /// The settings given, by option name, values as typed (a flag as `true` or `false`).
    var items: [(name: String, value: String)] { get }
}

extension SettingOptions {
    /// `name` with each of `values`.
    func item(_ name: SettingName, _ values: String?...) -> [(name: String, value: String)] {
        values.compactMap { $0.map { (name.optionName, $0) } }
    }

    /// `name` with each of `values`.
    func item(_ name: SettingName, _ values: [String]) -> [(name: String, value: String)] {
        values.map { (name.optionName, $0) }
    }

    /// `name` when `on` is set.
    func item(_ name: SettingName, _ on: Bool?) -> [(name: String, value: String)] {
        on.map { [(name.optionName, $0 ? "true" : "false")] } ?? []
    }

    /// The options decoded for `work`: files they name are the user's own choice, read wherever they are.
    func requestOptions(work: RequestSetting.Work) throws -> RequestOptions {
        try RequestOptions(items: items, from: .commandLine, work: work, access: .unrestricted())
    }

    /// Checks every value, as the options' own decoding does, for a usage error before the work starts.
    func checkSettings(work: RequestSetting.Work) throws {
        do { _ = try requestOptions(work: work) } catch let error as InputError {
            throw ValidationError(error.description)
        }
    }
}

import Foundation

/// The reader's text-size settings as they change at run time: what Dynamic Type text resolves against.
///
/// Layout managers made with an environment follow it: when the category or Bold Text changes, every one whose
/// text uses a text style re-resolves its fonts and lays out again, and tells its own observers. Observers of the
/// environment are called synchronously on the thread that made the change, after the change; change the
/// environment from the thread that uses the layout managers, as UIKit changes it on the main thread.
///
/// ```swift
/// let environment = DynamicTypeEnvironment(settings: DynamicTypeSettings(category: .large))
/// let token = environment.observe { settings in print("now", settings.category) }
/// environment.category = .accessibilityLarge
/// ```
public final class DynamicTypeEnvironment: @unchecked Sendable {
    /// Posted on `NotificationCenter.default` after every change, with the environment as the object.
    public static let didChangeNotification = Notification.Name("GalleyDynamicTypeEnvironmentDidChange")

    private struct State {
        var settings: DynamicTypeSettings
        var observers: [UInt64: @Sendable (DynamicTypeSettings) -> Void] = [:]
        var nextToken: UInt64 = 0
    }

    private let state: Locked<State>

    /// An environment starting at `settings` (by default the large category without Bold Text).
    public init(settings: DynamicTypeSettings = DynamicTypeSettings()) {
        state = Locked(State(settings: settings))
    }

    /// The current settings. Setting them tells observers when they differ.
    public var settings: DynamicTypeSettings {
        get { state.withLock { $0.settings } }
        set { update { $0 = newValue } }
    }

    /// The content size category.
    public var category: ContentSizeCategory {
        get { settings.category }
        set { update { $0.category = newValue } }
    }

    /// The Bold Text setting.
    public var boldText: Bool {
        get { settings.boldText }
        set { update { $0.boldText = newValue } }
    }

    /// Calls `handler` with the new settings after every change until the returned token is cancelled or released.
    public func observe(_ handler: @escaping @Sendable (DynamicTypeSettings) -> Void) -> ObservationToken {
        let token = state.withLock { state -> UInt64 in
            state.nextToken += 1
            state.observers[state.nextToken] = handler
            return state.nextToken
        }
        return ObservationToken { [weak self] in self?.state.withLock { _ = $0.observers.removeValue(forKey: token) } }
    }

    /// The settings after each change, as an asynchronous sequence that ends when the consumer stops.
    public var changes: AsyncStream<DynamicTypeSettings> {
        AsyncStream { continuation in
            let token = observe { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    private func update(_ change: (inout DynamicTypeSettings) -> Void) {
        let (changed, settings, observers) = state.withLock { state in
            let old = state.settings
            change(&state.settings)
            return (old != state.settings, state.settings, Array(state.observers.values))
        }
        guard changed else { return }
        for observer in observers { observer(settings) }
        NotificationCenter.default.post(name: Self.didChangeNotification, object: self)
    }

    /// The category whose body size is nearest `17 × factor` points: what a desktop's text scaling factor (GNOME's
    /// `text-scaling-factor`, read by the app) asks for. The library reads no system setting itself.
    public static func category(forScalingFactor factor: Double) -> ContentSizeCategory {
        let target = 17 * factor
        return ContentSizeCategory.allCases.min {
            abs(TypeSizeTable.pointSize(.body, $0) - target) < abs(TypeSizeTable.pointSize(.body, $1) - target)
        } ?? .large
    }
}

/// Keeps an observation alive; cancelling it, or releasing the last reference, stops the calls.
public final class ObservationToken: @unchecked Sendable {
    private let cancellation: Locked<(@Sendable () -> Void)?>

    package init(_ cancel: @escaping @Sendable () -> Void) { cancellation = Locked(cancel) }

    /// Stops the observation. Safe to call more than once.
    public func cancel() {
        let cancel = cancellation.withLock { state -> (@Sendable () -> Void)? in
            defer { state = nil }
            return state
        }
        cancel?()
    }

    deinit { cancel() }
}

extension Font {
    /// The font for `style` in `environment`'s current settings, from `library` (the standard library when nil),
    /// as iOS's `UIFont.preferredFont(forTextStyle:compatibleWith:)`.
    public static func preferred(
        _ style: TextStyle, in environment: DynamicTypeEnvironment, library: FontLibrary? = nil
    )
        throws -> Font
    {
        try (library ?? FontLibrary.standard).preferredFont(for: style, settings: environment.settings)
    }
}

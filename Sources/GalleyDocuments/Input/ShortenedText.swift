extension StringProtocol {
    /// The text as an error message quotes it: its first `limit` characters, and `…` when there were more, so that
    /// a message never sends back an input of unbounded length.
    package func shortened(to limit: Int) -> String {
        count > limit ? prefix(limit) + "…" : String(self)
    }
}

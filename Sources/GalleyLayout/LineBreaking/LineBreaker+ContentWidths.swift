@_spi(Stages) import GalleyText

extension LineBreaker {
    /// The paragraph's intrinsic widths in points, as CSS sizes a table's columns: `minimum`, its widest piece
    /// between two break opportunities (min-content); `maximum`, its widest line when it breaks only where it must
    /// (max-content). Trailing white space is not counted.
    func contentWidths() -> (minimum: Double, maximum: Double) {
        var minimum = 0.0, maximum = 0.0
        var pieceStart = 0, lineStart = 0
        for opportunity in opportunities.opportunities {
            let mandatory = opportunity.isMandatory
            minimum = max(minimum, line(pieceStart..<opportunity.offset, mandatory: mandatory).width)
            pieceStart = opportunity.offset
            if mandatory || opportunity.offset == length {
                maximum = max(maximum, line(lineStart..<opportunity.offset, mandatory: mandatory).width)
                lineStart = opportunity.offset
            }
        }
        return (minimum, max(minimum, maximum))
    }
}

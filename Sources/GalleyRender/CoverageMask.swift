import GalleyLayout
@_spi(Stages) import GalleyText

/// A single-channel coverage image (0 to 1) placed at a pixel position on a canvas: glyphs, paths and the
/// layers of shadows and letterpress are drawn into masks, then composited in a colour.
struct CoverageMask {
    /// The mask's top-left pixel on the canvas.
    var left: Int, top: Int
    var width: Int, height: Int
    var values: [Float]

    init(left: Int, top: Int, width: Int, height: Int) {
        self.left = left
        self.top = top
        self.width = max(0, width)
        self.height = max(0, height)
        values = [Float](repeating: 0, count: self.width * self.height)
    }

    var isEmpty: Bool { width == 0 || height == 0 }

    /// Adds 8-bit coverage rows (`pitch` bytes apart) with their top-left at canvas pixel (`x`, `y`), saturating at 1.
    mutating func add(_ bytes: [UInt8], width sourceWidth: Int, height sourceHeight: Int, pitch: Int, x: Int, y: Int) {
        let x0 = max(x, left), y0 = max(y, top)
        let x1 = min(x + sourceWidth, left + width), y1 = min(y + sourceHeight, top + height)
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 {
            let source = (row - y) * pitch - x
            let target = (row - top) * width - left
            for column in x0..<x1 {
                let value = bytes[source + column]
                if value != 0 { values[target + column] = min(1, values[target + column] + Float(value) / 255) }
            }
        }
    }

    /// The coverage at canvas pixel (x, y); 0 outside the mask.
    func value(x: Int, y: Int) -> Float {
        let column = x - left, row = y - top
        guard column >= 0, column < width, row >= 0, row < height else { return 0 }
        return values[row * width + column]
    }

    /// The mask grown by `margin` pixels on every side (for blurs and offsets).
    func padded(by margin: Int) -> CoverageMask {
        var result = CoverageMask(
            left: left - margin, top: top - margin, width: width + 2 * margin, height: height + 2 * margin)
        for row in 0..<height {
            for column in 0..<width {
                result.values[(row + margin) * result.width + column + margin] = values[row * width + column]
            }
        }
        return result
    }

    /// The mask blurred by three box blurs, which approximate a Gaussian of standard deviation `sigma` pixels.
    func blurred(sigma: Double) -> CoverageMask {
        guard sigma > 0.1, !isEmpty else { return self }
        // Box sizes for three passes whose combined variance equals sigma² (W3C filter effects, feGaussianBlur).
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let count = Int(
            ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4))
                .rounded())
        // Whole numbers (coverage in 1/65,536ths), so each running sum is exact: a float sum's rounding error
        // depends on where the mask starts, and a band of an image (which cuts masks at other rows) must blur to
        // the same pixels as the whole image.
        var fixed = values.map { Int64(($0 * Self.fixedOne).rounded()) }
        var scratch = fixed
        for pass in 0..<3 {
            let size = pass < count ? lower : upper
            Self.boxBlur(&fixed, scratch: &scratch, width: width, height: height, radius: max(0, (size - 1) / 2))
        }
        var result = self
        result.values = fixed.map { Float($0) / Self.fixedOne }
        return result
    }

    /// Coverage 1 in the blur's fixed point.
    private static let fixedOne: Float = 65_536

    /// One horizontal and one vertical box pass of `radius` over `values` (`width × height`), each output the
    /// window's mean rounded half up; `scratch` holds the horizontal pass.
    private static func boxBlur(
        _ values: inout [Int64], scratch: inout [Int64], width: Int, height: Int, radius: Int
    ) {
        guard radius > 0 else { return }
        let span = Int64(2 * radius + 1)
        for row in 0..<height {
            var sum: Int64 = 0
            let base = row * width
            for column in -radius...radius where column >= 0 && column < width { sum += values[base + column] }
            for column in 0..<width {
                scratch[base + column] = (sum + span / 2) / span
                let leaving = column - radius, entering = column + radius + 1
                if leaving >= 0 { sum -= values[base + leaving] }
                if entering < width { sum += values[base + entering] }
            }
        }
        for column in 0..<width {
            var sum: Int64 = 0
            for row in -radius...radius where row >= 0 && row < height { sum += scratch[row * width + column] }
            for row in 0..<height {
                values[row * width + column] = (sum + span / 2) / span
                let leaving = row - radius, entering = row + radius + 1
                if leaving >= 0 { sum -= scratch[leaving * width + column] }
                if entering < height { sum += scratch[entering * width + column] }
            }
        }
    }
}

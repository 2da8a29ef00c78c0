import Galley

/// How alike two images of one picture drawn by different engines are (a PNG, and a PDF or SVG rasterized by
/// poppler or librsvg): anti-aliasing differs pixel by pixel, so images are compared by the mean grey of 8 × 8
/// blocks.
enum ImageLikeness {
    /// The mean and the largest absolute difference, 0 to 255, between the 8 × 8 block averages of `a` and `b`'s
    /// grey (whole blocks only): a picture drawn alike differs little on average and nowhere much (a glyph left
    /// out shows in the largest); nil when their sizes differ.
    static func blockDifference(_ a: Canvas, _ b: Canvas) -> (mean: Double, largest: Double)? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let (greyA, greyB) = (grey(a), grey(b))
        var total = 0.0, largest = 0.0, blocks = 0
        for top in stride(from: 0, through: a.height - 8, by: 8) {
            for left in stride(from: 0, through: a.width - 8, by: 8) {
                var sum = 0.0
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) { sum += greyA[y * a.width + x] - greyB[y * a.width + x] }
                }
                total += abs(sum) / 64
                largest = max(largest, abs(sum) / 64)
                blocks += 1
            }
        }
        return (blocks == 0 ? 0 : total / Double(blocks), largest)
    }

    /// Each pixel's mean of red, green and blue over white (0 to 255).
    private static func grey(_ image: Canvas) -> [Double] {
        let rgba = image.straightRGBA()
        return (0..<(image.width * image.height)).map { pixel in
            let alpha = Double(rgba[pixel * 4 + 3]) / 255
            let mean = (Double(rgba[pixel * 4]) + Double(rgba[pixel * 4 + 1]) + Double(rgba[pixel * 4 + 2])) / 3
            return mean * alpha + 255 * (1 - alpha)
        }
    }
}

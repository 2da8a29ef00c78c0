import GalleyLayout
@_spi(Stages) import GalleyText

/// How a photo's pixels are stored relative to the way it is meant to be seen (EXIF tag 0x0112, as cameras write
/// it and browsers honour it: `image-orientation: from-image` is CSS's default).
enum ExifOrientation: Int {
    case upright = 1, mirrored, upsideDown, mirroredUpsideDown, transposed, turnedRight, transverse, turnedLeft

    /// `canvas` (the stored pixels) turned and mirrored to be seen upright.
    ///
    /// - Throws: as ``Canvas`` does, for the turned canvas's size.
    func upright(_ canvas: Canvas, limits: Limits) throws -> Canvas {
        guard self != .upright else { return canvas }
        let (width, height) = (canvas.width, canvas.height)
        let swaps = rawValue >= 5
        var turned = try Canvas(
            width: swaps ? height : width, height: swaps ? width : height, scale: canvas.scale, limits: limits)
        for y in 0..<turned.height {
            for x in 0..<turned.width {
                // The stored pixel shown at (x, y).
                let (sourceX, sourceY): (Int, Int)
                switch self {
                case .upright: (sourceX, sourceY) = (x, y)
                case .mirrored: (sourceX, sourceY) = (width - 1 - x, y)
                case .upsideDown: (sourceX, sourceY) = (width - 1 - x, height - 1 - y)
                case .mirroredUpsideDown: (sourceX, sourceY) = (x, height - 1 - y)
                case .transposed: (sourceX, sourceY) = (y, x)
                case .turnedRight: (sourceX, sourceY) = (y, height - 1 - x)
                case .transverse: (sourceX, sourceY) = (width - 1 - y, height - 1 - x)
                case .turnedLeft: (sourceX, sourceY) = (width - 1 - y, x)
                }
                let from = (sourceY * width + sourceX) * 4, to = (y * turned.width + x) * 4
                for channel in 0..<4 { turned.pixels[to + channel] = canvas.pixels[from + channel] }
            }
        }
        return turned
    }
}

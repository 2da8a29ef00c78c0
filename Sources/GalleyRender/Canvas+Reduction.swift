import GalleyLayout
@_spi(Stages) import GalleyText

extension Canvas {
    /// This image box-filtered down by the largest whole factor that keeps it at least `minimumWidth` ×
    /// `minimumHeight` pixels: each pixel the mean of a square block of the original (partial blocks at the right
    /// and bottom edges averaged over what they hold), premultiplied as the canvas is. The image itself when no
    /// factor of 2 or more fits. A picture shown far smaller than its pixels is reduced once this way, so that
    /// drawing it costs its drawn size rather than its full size at every reference and band.
    public func reduced(keepingAtLeast minimumWidth: Int, _ minimumHeight: Int) -> Canvas {
        let factor = min(width / max(1, minimumWidth), height / max(1, minimumHeight))
        guard factor >= 2 else { return self }
        let reducedWidth = (width + factor - 1) / factor, reducedHeight = (height + factor - 1) / factor
        guard var reduced = try? Canvas(width: reducedWidth, height: reducedHeight, scale: scale) else { return self }
        pixels.withUnsafeBufferPointer { source in
            reduced.pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<reducedHeight {
                    let rows = (row * factor)..<min(height, (row + 1) * factor)
                    for column in 0..<reducedWidth {
                        let columns = (column * factor)..<min(width, (column + 1) * factor)
                        var sums: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                        for y in rows {
                            var index = (y * width + columns.lowerBound) * 4
                            for _ in columns {
                                sums.0 += UInt32(source[index])
                                sums.1 += UInt32(source[index + 1])
                                sums.2 += UInt32(source[index + 2])
                                sums.3 += UInt32(source[index + 3])
                                index += 4
                            }
                        }
                        let count = UInt32(rows.count * columns.count), half = count / 2
                        let index = (row * reducedWidth + column) * 4
                        target[index] = UInt8((sums.0 + half) / count)
                        target[index + 1] = UInt8((sums.1 + half) / count)
                        target[index + 2] = UInt8((sums.2 + half) / count)
                        target[index + 3] = UInt8((sums.3 + half) / count)
                    }
                }
            }
        }
        return reduced
    }
}

import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// Draws the images of the line's attachments into their frames.
    func drawAttachments(_ fragment: LineFragment, on canvas: inout some DrawingTarget) {
        for placement in fragment.attachments {
            guard let image = placement.attachment.image else { continue }
            canvas.draw(image, in: placement.frame)
        }
    }
}

extension Canvas {
    /// Draws `image` (premultiplied) scaled into `rect` (points), source-over: each pixel is the average of the
    /// image's pixels it covers when shrinking, a bilinear blend of the nearest four when enlarging.
    public mutating func draw(_ image: any PixelImage, in rect: Rect) {
        guard let (left, top, right, bottom, x0, x1, y0, y1) = pixelSpan(of: rect) else { return }
        // Image pixels per canvas pixel.
        let stepX = Double(image.width) / (right - left), stepY = Double(image.height) / (bottom - top)
        let source = image.pixels, size = (width: image.width, height: image.height)
        var sample = [Float](repeating: 0, count: 4)
        // Cancelled work leaves the picture part drawn: the band's image is dropped when its drawing throws.
        let cancellation = Cancellation.current
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in y0..<y1 where cancellation?.isCancelled != true {
                let v0 = (Double(row) - top) * stepY, v1 = v0 + stepY
                for column in x0..<x1 {
                    let u0 = (Double(column) - left) * stepX, u1 = u0 + stepX
                    if stepX >= 1 || stepY >= 1 {
                        Self.average(source, size, u0, u1, v0, v1, into: &sample)
                    } else {
                        Self.bilinear(source, size, (u0 + u1) / 2, (v0 + v1) / 2, into: &sample)
                    }
                    // Edge pixels the rect covers only in part are weighted by how much it covers.
                    let coverage = Float(
                        (min(right, Double(column + 1)) - max(left, Double(column)))
                            * (min(bottom, Double(row + 1)) - max(top, Double(row))))
                    let alpha = sample[3] * coverage
                    guard alpha > 0 else { continue }
                    let index = (row * width + column) * 4
                    let keep = 1 - alpha / 255
                    for channel in 0..<4 {
                        buffer[index + channel] = Self.byte(
                            sample[channel] * coverage + Float(buffer[index + channel]) * keep)
                    }
                }
            }
        }
    }

    /// The mean of the image's pixels (`source`, `size` pixels) over [u0, u1) × [v0, v1) (image pixels), clamped to
    /// the image.
    private static func average(
        _ source: [UInt8], _ size: (width: Int, height: Int), _ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double,
        into sample: inout [Float]
    ) {
        let sx0 = min(size.width - 1, max(0, Int(u0))), sx1 = min(size.width, max(sx0 + 1, Int(u1.rounded(.up))))
        let sy0 = min(size.height - 1, max(0, Int(v0))), sy1 = min(size.height, max(sy0 + 1, Int(v1.rounded(.up))))
        var sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
        for y in sy0..<sy1 {
            var index = (y * size.width + sx0) * 4
            for _ in sx0..<sx1 {
                sums.0 += Float(source[index])
                sums.1 += Float(source[index + 1])
                sums.2 += Float(source[index + 2])
                sums.3 += Float(source[index + 3])
                index += 4
            }
        }
        let count = Float((sx1 - sx0) * (sy1 - sy0))
        sample[0] = sums.0 / count
        sample[1] = sums.1 / count
        sample[2] = sums.2 / count
        sample[3] = sums.3 / count
    }

    /// The image sampled at (u, v) (image pixels, centres at half-integers) between its four nearest pixels.
    private static func bilinear(
        _ source: [UInt8], _ size: (width: Int, height: Int), _ u: Double, _ v: Double, into sample: inout [Float]
    ) {
        let fx = max(0, min(Double(size.width - 1), u - 0.5)), fy = max(0, min(Double(size.height - 1), v - 0.5))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(size.width - 1, x0 + 1), y1 = min(size.height - 1, y0 + 1)
        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
        for channel in 0..<4 {
            func at(_ x: Int, _ y: Int) -> Float { Float(source[(y * size.width + x) * 4 + channel]) }
            let top = at(x0, y0) * (1 - ax) + at(x1, y0) * ax
            let bottom = at(x0, y1) * (1 - ax) + at(x1, y1) * ax
            sample[channel] = top * (1 - ay) + bottom * ay
        }
    }
}

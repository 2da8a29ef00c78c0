import GalleyLayout
@_spi(Stages) import GalleyText

/// An RGBA image, 8 bits per channel, premultiplied alpha, sRGB: what Galley draws into.
///
/// Pixel (0, 0) is the top-left. A canvas maps points to pixels with ``scale`` (pixels per point) and ``origin``
/// (the point at pixel (0, 0)), so drawing code works in points. ``pixels`` is the raw buffer for callers who
/// composite themselves; ``straightRGBA()`` un-premultiplies it.
public struct Canvas: PixelImage {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// The point shown at pixel (0, 0) of the whole image; move it to draw something at an offset.
    public var origin: Point
    /// The rows of the whole image above this canvas's row 0: 0 for a whole image, more for a band of a taller one
    /// drawn piece by piece (``PNGWriter/encode(width:height:scale:origin:background:limits:drawingBand:)``).
    /// Drawing into a band gives exactly the pixels the same rows of the whole canvas would hold.
    public internal(set) var firstRow = 0
    /// Premultiplied RGBA, row by row, `width × 4` bytes per row.
    public internal(set) var pixels: [UInt8]

    /// A canvas of `width × height` pixels filled with `background` (transparent when nil).
    ///
    /// - Throws: ``RenderError/imageTooLarge(width:height:limit:sideLimit:)`` before allocating anything when the
    ///   size is over `limits`' ``Limits/imagePixels`` or ``Limits/imageSide``;
    ///   ``RenderError/invalidDimension(name:value:)`` for a bad scale.
    public init(
        width: Int, height: Int, scale: Double = 1, origin: Point = .zero, background: Color? = nil,
        limits: Limits = Limits()
    ) throws {
        try limits.checkImage(width: width, height: height)
        guard scale.isFinite, scale > 0 else { throw RenderError.invalidDimension(name: "scale", value: scale) }
        self.width = width
        self.height = height
        self.scale = scale
        self.origin = origin
        let pixel = Self.pixelValue(of: background)
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self).initialize(repeating: pixel)
            count = width * height * 4
        }
    }

    /// `image` as a canvas: itself when it is one, else a canvas of its pixels (which ``PixelImage/checkShape()``
    /// has found to fill it) at its scale.
    init(picture image: any PixelImage) {
        if let canvas = image as? Canvas {
            self = canvas
        } else {
            width = image.width
            height = image.height
            scale = image.scale
            origin = .zero
            pixels = image.pixels
        }
    }

    /// Every pixel set to `background` (transparent when nil), the buffer kept: a band canvas drawn again for the
    /// next band.
    mutating func clear(to background: Color?) {
        let pixel = Self.pixelValue(of: background)
        pixels.withUnsafeMutableBytes { $0.bindMemory(to: UInt32.self).update(repeating: pixel) }
    }

    /// A premultiplied colour as one 32-bit store whose bytes are in memory order R, G, B, A.
    private static func pixelValue(of color: Color?) -> UInt32 {
        let fill = color.map(PremultipliedColor.init) ?? PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
        return UInt32(
            littleEndian: UInt32(fill.r8) | UInt32(fill.g8) << 8 | UInt32(fill.b8) << 16 | UInt32(fill.a8) << 24)
    }

    /// A canvas covering `rect` (points) at `scale`, rounded out to whole pixels, within `limits`.
    public init(covering rect: Rect, scale: Double, background: Color? = nil, limits: Limits = Limits()) throws {
        let size = try Self.pixelSize(covering: rect, scale: scale, limits: limits)
        try self.init(
            width: size.width, height: size.height, scale: scale, origin: rect.origin, background: background,
            limits: limits)
    }

    /// The pixels a canvas covering `rect` (points) at `scale` has, rounded out to whole pixels.
    ///
    /// - Throws: ``RenderError/invalidDimension(name:value:)`` for a size, scale or origin that is not finite and
    ///   positive; ``RenderError/imageTooLarge(width:height:limit:sideLimit:)`` past `limits`' ``Limits/imageSide``.
    public static func pixelSize(covering rect: Rect, scale: Double, limits: Limits = Limits()) throws -> (
        width: Int, height: Int
    ) {
        for (name, value) in [("width", rect.width), ("height", rect.height), ("scale", scale)]
        where !(value > 0 && value.isFinite) {
            throw RenderError.invalidDimension(name: name, value: value)
        }
        guard rect.minX.isFinite, rect.minY.isFinite else {
            throw RenderError.invalidDimension(name: "origin", value: rect.minX)
        }
        let pixelWidth = (rect.width * scale - 1e-9).rounded(.up),
            pixelHeight = (rect.height * scale - 1e-9).rounded(.up)
        guard pixelWidth <= Double(limits.imageSide), pixelHeight <= Double(limits.imageSide) else {
            throw RenderError.imageTooLarge(
                width: Int(min(pixelWidth, 1e15)), height: Int(min(pixelHeight, 1e15)), limit: limits.imagePixels,
                sideLimit: limits.imageSide)
        }
        return (Int(pixelWidth), Int(pixelHeight))
    }

    /// The pixel position of a point (fractional) on this canvas.
    public func pixelPoint(_ point: Point) -> (x: Double, y: Double) { grid.pixelPoint(point) }

    /// The points this canvas shows.
    var visibleRect: Rect { grid.visibleRect }

    /// The premultiplied RGBA of pixel (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let index = (y * width + x) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }

    /// Whether every pixel is opaque.
    var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var all: UInt8 = 255
            for index in stride(from: 3, to: buffer.count, by: 4) { all &= buffer[index] }
            return all == 255
        }
    }

    /// The pixels with straight (un-premultiplied) alpha, as PNG and most tools expect.
    public func straightRGBA() -> [UInt8] {
        var result = pixels
        for index in stride(from: 0, to: result.count, by: 4) {
            let alpha = Int(result[index + 3])
            guard alpha != 0 && alpha != 255 else { continue }
            for channel in 0..<3 {
                result[index + channel] = UInt8(min(255, (Int(result[index + channel]) * 255 + alpha / 2) / alpha))
            }
        }
        return result
    }

    // MARK: Compositing

    /// Lays `color` over the pixels of `mask` (coverage 0–255) with source-over, the mask's top-left at pixel
    /// (`left`, `top`); `opacity` scales the coverage.
    mutating func composite(_ color: Color, mask: CoverageMask, opacity: Double = 1) {
        let source = PremultipliedColor(color)
        let x0 = max(0, mask.left), y0 = max(0, mask.top)
        let x1 = min(width, mask.left + mask.width), y1 = min(height, mask.top + mask.height)
        guard x0 < x1, y0 < y1 else { return }
        let scaleFactor = Float(opacity)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in y0..<y1 {
                let maskRow = (y - mask.top) * mask.width - mask.left
                let pixelRow = y * width
                for x in x0..<x1 {
                    let coverage = mask.values[maskRow + x] * scaleFactor
                    guard coverage > 0.001 else { continue }
                    Self.blend(source, coverage: min(coverage, 1), into: buffer, at: (pixelRow + x) * 4)
                }
            }
        }
    }

    /// A blended channel value (never negative) as a byte, rounded half up; what `rounded()` gives for these
    /// values, without a call into libm per channel.
    static func byte(_ value: Float) -> UInt8 { UInt8(min(255, value + 0.5)) }

    /// Lays `color` over the pixels of an 8-bit coverage bitmap (a glyph's, `width × height`, rows `width` bytes
    /// apart) with source-over, its top-left at pixel (`left`, `top`): ``composite(_:mask:opacity:)`` without
    /// making a mask. `blends` keeps the blends already worked out over one destination pixel value (the page
    /// behind the text) for the glyphs drawn one after another.
    mutating func composite(
        _ color: Color, coverage: [UInt8], width maskWidth: Int, height maskHeight: Int, left: Int, top: Int,
        blends: inout BlendTable
    ) {
        let source = PremultipliedColor(color)
        let x0 = max(0, left), y0 = max(0, top)
        let x1 = min(width, left + maskWidth), y1 = min(height, top + maskHeight)
        guard x0 < x1, y0 < y1 else { return }
        // An opaque colour at full coverage replaces the pixel: what blending gives (it keeps none of the pixel),
        // stored without the arithmetic. Most of a glyph's pixels at scale 2 are inside its outline.
        let solid: (UInt8, UInt8, UInt8, UInt8)? =
            source.a == 1 ? (Self.byte(source.r * 255), Self.byte(source.g * 255), Self.byte(source.b * 255), 255) : nil
        blends.prepare(for: source)
        coverage.withUnsafeBufferPointer { coverage in
            pixels.withUnsafeMutableBufferPointer { buffer in
                for y in y0..<y1 {
                    let maskRow = (y - top) * maskWidth - left
                    let pixelRow = y * width
                    for x in x0..<x1 {
                        let value = coverage[maskRow + x]
                        guard value != 0 else { continue }
                        let index = (pixelRow + x) * 4
                        if value == 255, let solid {
                            (buffer[index], buffer[index + 1], buffer[index + 2], buffer[index + 3]) = solid
                        } else {
                            blends.blend(source, coverage: value, into: buffer, at: index)
                        }
                    }
                }
            }
        }
    }

    /// Source-over of a premultiplied colour at `coverage` onto one pixel.
    static func blend(
        _ source: PremultipliedColor, coverage: Float, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int
    ) {
        let alpha = source.a * coverage
        let keep = 1 - alpha
        buffer[index] = Self.byte(source.r * coverage * 255 + Float(buffer[index]) * keep)
        buffer[index + 1] = Self.byte(source.g * coverage * 255 + Float(buffer[index + 1]) * keep)
        buffer[index + 2] = Self.byte(source.b * coverage * 255 + Float(buffer[index + 2]) * keep)
        buffer[index + 3] = Self.byte(alpha * 255 + Float(buffer[index + 3]) * keep)
    }

    /// Source-over of a premultiplied BGRA image (a colour emoji) scaled by `coverage`, its top-left at pixel
    /// (`left`, `top`).
    mutating func compositeImage(_ image: ColorBitmap, left: Int, top: Int) {
        let x0 = max(0, left), y0 = max(0, top)
        let x1 = min(width, left + image.width), y1 = min(height, top + image.height)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let source = ((y - top) * image.width + (x - left)) * 4
                    let alpha = Float(image.bgra[source + 3]) / 255
                    guard alpha > 0 else { continue }
                    let index = (y * width + x) * 4
                    let keep = 1 - alpha
                    buffer[index] = Self.byte(Float(image.bgra[source + 2]) + Float(buffer[index]) * keep)
                    buffer[index + 1] = Self.byte(Float(image.bgra[source + 1]) + Float(buffer[index + 1]) * keep)
                    buffer[index + 2] = Self.byte(Float(image.bgra[source]) + Float(buffer[index + 2]) * keep)
                    buffer[index + 3] = Self.byte(alpha * 255 + Float(buffer[index + 3]) * keep)
                }
            }
        }
    }
}

/// The blends of one colour over one destination pixel value, by coverage, as ``Canvas/blend(_:coverage:into:at:)``
/// works them out: text is mostly drawn over the page's one colour, where each edge pixel's blend is one of 255.
struct BlendTable {
    private var source: PremultipliedColor?
    /// The destination pixel the table is for (its four bytes as one word), nil before the first blend.
    private var destination: UInt32?
    /// By coverage, the blended pixel (its four bytes as one word) with bit 32 set, 0 while not worked out.
    private var results = [UInt64](repeating: 0, count: 256)
    private static let known: UInt64 = 1 << 32

    /// Starts over when the colour is not the table's.
    mutating func prepare(for color: PremultipliedColor) {
        guard source != color else { return }
        source = color
        destination = nil
        for coverage in results.indices { results[coverage] = 0 }
    }

    /// Source-over of `source` at `coverage` (of 255) onto the pixel at `index`, from the table when it holds it.
    mutating func blend(
        _ source: PremultipliedColor, coverage: UInt8, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int
    ) {
        let pixel = UnsafeMutableRawPointer(buffer.baseAddress! + index)
        let before = pixel.loadUnaligned(as: UInt32.self)
        if destination == nil { destination = before }
        guard before == destination else {
            return Canvas.blend(source, coverage: Float(coverage) / 255, into: buffer, at: index)
        }
        let result = results[Int(coverage)]
        if result & Self.known != 0 { return pixel.storeBytes(of: UInt32(truncatingIfNeeded: result), as: UInt32.self) }
        Canvas.blend(source, coverage: Float(coverage) / 255, into: buffer, at: index)
        results[Int(coverage)] = UInt64(pixel.loadUnaligned(as: UInt32.self)) | Self.known
    }
}

/// A colour as premultiplied floats in 0...1, ready for blending.
struct PremultipliedColor: Equatable {
    var r: Float, g: Float, b: Float, a: Float

    init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    init(_ color: Color) {
        a = Float(color.alpha)
        r = Float(color.red) * a
        g = Float(color.green) * a
        b = Float(color.blue) * a
    }

    var r8: UInt8 { UInt8((r * 255).rounded()) }
    var g8: UInt8 { UInt8((g * 255).rounded()) }
    var b8: UInt8 { UInt8((b * 255).rounded()) }
    var a8: UInt8 { UInt8((a * 255).rounded()) }
}

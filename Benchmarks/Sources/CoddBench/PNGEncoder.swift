/// A minimal PNG encoder: one IDAT chunk whose zlib stream holds stored (uncompressed)
/// deflate blocks. An image of at most 16 colors is written with a 4-bit palette (a sixth
/// of the bytes of RGB); any other as 8-bit RGB. No image library is needed for the chart.
enum PNGEncoder {
    /// The PNG file of an RGB image, `width × height`, rows top to bottom, 3 bytes a pixel.
    static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(rgb.count == width * height * 3, "the pixel buffer does not match the size")
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        // Each row starts with filter type 0 (none).
        var raw: [UInt8] = []
        if let (palette, indices) = palette(of: rgb) {
            header += [4, 3, 0, 0, 0] // bit depth 4, indexed color, deflate, adaptive filtering, no interlace
            appendChunk("IHDR", header, to: &png)
            appendChunk("PLTE", palette, to: &png)
            for row in 0..<height {
                raw.append(0)
                for column in stride(from: 0, to: width, by: 2) {
                    let high = indices[row * width + column]
                    let low = column + 1 < width ? indices[row * width + column + 1] : 0
                    raw.append(high << 4 | low)
                }
            }
        } else {
            header += [8, 2, 0, 0, 0] // bit depth 8, RGB
            appendChunk("IHDR", header, to: &png)
            for row in 0..<height {
                raw.append(0)
                raw += rgb[(row * width * 3)..<((row + 1) * width * 3)]
            }
        }
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// The palette (RGB triples) and each pixel's index, or `nil` beyond 16 colors.
    static func palette(of rgb: [UInt8]) -> (palette: [UInt8], indices: [UInt8])? {
        var colors: [UInt32: UInt8] = [:]
        var palette: [UInt8] = []
        var indices: [UInt8] = []
        indices.reserveCapacity(rgb.count / 3)
        for offset in stride(from: 0, to: rgb.count, by: 3) {
            let key = UInt32(rgb[offset]) << 16 | UInt32(rgb[offset + 1]) << 8 | UInt32(rgb[offset + 2])
            if let index = colors[key] {
                indices.append(index)
            } else {
                guard colors.count < 16 else { return nil }
                let index = UInt8(colors.count)
                colors[key] = index
                palette += rgb[offset..<(offset + 3)]
                indices.append(index)
            }
        }
        return (palette, indices)
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each) and the Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let isFinal = offset + count == data.count
            out.append(isFinal ? 1 : 0) // BFINAL, BTYPE 00 (stored)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        out += bigEndian(adler32(data))
        return out
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        png += bigEndian(UInt32(data.count))
        png += typed
        png += bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

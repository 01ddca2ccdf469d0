import SwiftSyntax

/// A string literal's value and, for each of its bytes, where it is written: so a problem
/// at byte `n` of the SQL is reported at that character of the source (in a multi-line
/// literal, past the indentation the value leaves out).
struct StringLiteralSource {
    let value: String
    private let positions: [AbsolutePosition]
    private let fallback: AbsolutePosition

    /// `nil` for a literal with interpolation (its value is not known at compile time).
    init?(_ literal: StringLiteralExprSyntax) {
        guard let value = literal.representedLiteralValue else { return nil }
        self.value = value
        fallback = literal.positionAfterSkippingLeadingTrivia
        // The written bytes of the segments, each with its position.
        var written: [(byte: UInt8, position: AbsolutePosition)] = []
        for segment in literal.segments {
            guard case .stringSegment(let part) = segment else { continue }
            let start = part.content.positionAfterSkippingLeadingTrivia
            for (offset, byte) in part.content.text.utf8.enumerated() {
                written.append((byte, start.advanced(by: offset)))
            }
        }
        // Walk the value and the written text together; a written byte the value lacks
        // (indentation, an escape's backslash) is skipped.
        var positions: [AbsolutePosition] = []
        positions.reserveCapacity(value.utf8.count)
        var cursor = 0
        for byte in value.utf8 {
            var probe = cursor
            while probe < written.count, written[probe].byte != byte { probe += 1 }
            if probe < written.count {
                positions.append(written[probe].position)
                cursor = probe + 1
            } else {
                positions.append(written.last?.position ?? literal.positionAfterSkippingLeadingTrivia)
            }
        }
        self.positions = positions
    }

    /// The source position of the value's byte `offset`.
    func position(ofValueOffset offset: Int) -> AbsolutePosition {
        guard !positions.isEmpty else { return fallback }
        return positions[max(0, min(offset, positions.count - 1))]
    }

    /// The value's byte offset of 1-based `line` and `column` (in characters).
    func offset(line: Int, column: Int) -> Int {
        var offset = 0
        var currentLine = 1
        let bytes = Array(value.utf8)
        while currentLine < line, offset < bytes.count {
            if bytes[offset] == 0x0A { currentLine += 1 }
            offset += 1
        }
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        return offset + String(text.prefix(max(0, column - 1))).utf8.count
    }
}

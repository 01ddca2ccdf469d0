import Foundation

/// An RGB bitmap with rectangles and text in a built-in 5×7 font, drawn at a whole-number scale.
struct Bitmap {
    let width: Int
    let height: Int
    var rgb: [UInt8]

    init(width: Int, height: Int, background: (UInt8, UInt8, UInt8) = (255, 255, 255)) {
        self.width = width
        self.height = height
        rgb = [UInt8](repeating: 0, count: width * height * 3)
        fill(x: 0, y: 0, width: width, height: height, color: background)
    }

    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: (UInt8, UInt8, UInt8)) {
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(self.width, x + width) {
                let offset = (row * self.width + column) * 3
                rgb[offset] = color.0
                rgb[offset + 1] = color.1
                rgb[offset + 2] = color.2
            }
        }
    }

    /// Draws `text` (upper-cased; characters without a glyph draw as spaces) with its top
    /// left at `x, y`; returns the width drawn.
    @discardableResult
    mutating func text(_ text: String, x: Int, y: Int, scale: Int = 2, color: (UInt8, UInt8, UInt8) = (0, 0, 0)) -> Int {
        var cursor = x
        for character in text.uppercased() {
            if let rows = Self.glyphs[character] {
                for (row, bits) in rows.enumerated() {
                    for column in 0..<5 where bits & (1 << (4 - column)) != 0 {
                        fill(x: cursor + column * scale, y: y + row * scale, width: scale, height: scale, color: color)
                    }
                }
            }
            cursor += 6 * scale
        }
        return cursor - x
    }

    static func textWidth(_ text: String, scale: Int = 2) -> Int { text.count * 6 * scale }

    /// 5×7 glyphs: seven rows, the leftmost pixel in bit 4.
    static let glyphs: [Character: [UInt8]] = [
        "A": [14, 17, 17, 31, 17, 17, 17], "B": [30, 17, 17, 30, 17, 17, 30], "C": [14, 17, 16, 16, 16, 17, 14],
        "D": [30, 17, 17, 17, 17, 17, 30], "E": [31, 16, 16, 30, 16, 16, 31], "F": [31, 16, 16, 30, 16, 16, 16],
        "G": [14, 17, 16, 23, 17, 17, 15], "H": [17, 17, 17, 31, 17, 17, 17], "I": [14, 4, 4, 4, 4, 4, 14],
        "J": [7, 2, 2, 2, 2, 18, 12], "K": [17, 18, 20, 24, 20, 18, 17], "L": [16, 16, 16, 16, 16, 16, 31],
        "M": [17, 27, 21, 21, 17, 17, 17], "N": [17, 17, 25, 21, 19, 17, 17], "O": [14, 17, 17, 17, 17, 17, 14],
        "P": [30, 17, 17, 30, 16, 16, 16], "Q": [14, 17, 17, 17, 21, 18, 13], "R": [30, 17, 17, 30, 20, 18, 17],
        "S": [15, 16, 16, 14, 1, 1, 30], "T": [31, 4, 4, 4, 4, 4, 4], "U": [17, 17, 17, 17, 17, 17, 14],
        "V": [17, 17, 17, 17, 17, 10, 4], "W": [17, 17, 17, 21, 21, 21, 10], "X": [17, 17, 10, 4, 10, 17, 17],
        "Y": [17, 17, 17, 10, 4, 4, 4], "Z": [31, 1, 2, 4, 8, 16, 31],
        "0": [14, 17, 19, 21, 25, 17, 14], "1": [4, 12, 4, 4, 4, 4, 14], "2": [14, 17, 1, 2, 4, 8, 31],
        "3": [31, 2, 4, 2, 1, 17, 14], "4": [2, 6, 10, 18, 31, 2, 2], "5": [31, 16, 30, 1, 1, 17, 14],
        "6": [6, 8, 16, 30, 17, 17, 14], "7": [31, 1, 2, 4, 8, 8, 8], "8": [14, 17, 17, 14, 17, 17, 14],
        "9": [14, 17, 17, 15, 1, 2, 12],
        ".": [0, 0, 0, 0, 0, 12, 12], ",": [0, 0, 0, 0, 12, 4, 8], "(": [2, 4, 8, 8, 8, 4, 2],
        ")": [8, 4, 2, 2, 2, 4, 8], "+": [0, 4, 4, 31, 4, 4, 0], "-": [0, 0, 0, 31, 0, 0, 0],
        ":": [0, 12, 12, 0, 12, 12, 0], "/": [1, 1, 2, 4, 8, 16, 16], "×": [0, 17, 10, 4, 10, 17, 0],
        "≤": [2, 4, 8, 4, 2, 0, 31], " ": [0, 0, 0, 0, 0, 0, 0],
    ]
}

/// The benchmark's bar chart: per workload and contender, the time as a multiple of the
/// raw C floor, on a log scale, with each workload's target marked.
enum BarChart {
    static func png(_ results: [Result], targets: [String: Double], title: String) -> [UInt8] {
        let workloads = results.reduce(into: [String]()) { if !$0.contains($1.workload) { $0.append($1.workload) } }
        let rowHeight = 26, labelWidth = 560, barWidth = 560, margin = 20
        let top = 90
        let height = top + (results.count + workloads.count) * rowHeight + margin
        let width = margin + labelWidth + barWidth + 110
        var bitmap = Bitmap(width: width, height: height)
        bitmap.text(title, x: margin, y: margin)
        bitmap.text("× the raw C floor, log scale; red: the target", x: margin, y: margin + 24, color: (90, 90, 90))

        let maxRatio = max(50, results.map(\.timesFloor).filter(\.isFinite).max() ?? 1)
        let x0 = margin + labelWidth
        func x(_ ratio: Double) -> Int { x0 + Int(Double(barWidth) * log10(max(ratio, 1)) / log10(maxRatio)) }
        for tick in [1.0, 2, 5, 10, 20, 50, 100, 200, 500] where tick <= maxRatio {
            bitmap.fill(x: x(tick), y: top - 8, width: 1, height: height - top - margin + 8, color: (215, 215, 215))
            let label = String(format: "%g", tick)
            bitmap.text(label, x: x(tick) - Bitmap.textWidth(label) / 2, y: top - 28, color: (90, 90, 90))
        }

        var y = top
        for workload in workloads {
            bitmap.text(workload, x: margin, y: y + 6, color: (0, 0, 0))
            y += rowHeight
            let rows = results.filter { $0.workload == workload }
            let target = targets.first { workload.hasPrefix($0.key) }?.value
            for result in rows {
                bitmap.text(result.contender, x: margin + 24, y: y + 6, color: (40, 40, 40))
                let end = max(x(result.timesFloor), x0 + 2)
                bitmap.fill(x: x0, y: y + 3, width: end - x0, height: rowHeight - 6, color: color(of: result.contender))
                bitmap.text(String(format: "%.2f×", result.timesFloor), x: end + 6, y: y + 6, color: (0, 0, 0))
                y += rowHeight
            }
            if let target {
                let top = y - rows.count * rowHeight
                bitmap.fill(x: x(target) - 1, y: top, width: 3, height: rows.count * rowHeight, color: (220, 30, 30))
            }
        }
        return PNGEncoder.encode(width: bitmap.width, height: bitmap.height, rgb: bitmap.rgb)
    }

    static func color(of contender: String) -> (UInt8, UInt8, UInt8) {
        if contender.hasPrefix("Codd") { return (40, 110, 220) }
        if contender.hasPrefix("GRDB") { return (240, 150, 40) }
        if contender.contains("hand") { return (80, 170, 90) }
        return (150, 150, 150)
    }
}

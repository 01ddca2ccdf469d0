import CoddDocSupport
import Foundation

/// Random decimals built by Foundation (from digits and an exponent, which it reads exactly
/// up to 38 digits): many close values, ties, zeros, both signs, 1 to 38 digits.
enum DecimalSamples {
    static func random(using generator: inout SplitMixGenerator) -> Decimal {
        let digitCount = Int.random(in: 1...38, using: &generator)
        var digits = ""
        for index in 0..<digitCount {
            // Few distinct leading digits, so values collide and sort near each other.
            let digit = index == 0 ? Int.random(in: 0...3, using: &generator) : Int.random(in: 0...9, using: &generator)
            digits.append(Character(String(digit)))
        }
        let exponent: Int
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: exponent = Int.random(in: -128...(127 - 38), using: &generator)
        default: exponent = Int.random(in: -12...12, using: &generator)
        }
        let sign = Bool.random(using: &generator) ? "-" : ""
        return Decimal(string: "\(sign)\(digits)e\(exponent)", locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }
}

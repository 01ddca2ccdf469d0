import CoddDecimal
import CoddDocSupport
import Foundation
import Testing

/// The codec's text, against `Decimal`'s own arithmetic and parser: canonical output,
/// exact input, and refusal of what would round.
@Suite("Decimal: canonical text")
struct DecimalTextTests {
    static func decimal(_ text: String) -> Decimal? {
        var text = text
        return try? text.withUTF8 { DecimalText.decimal(UnsafeRawBufferPointer($0)) }.get()
    }

    @Test(arguments: [
        ("1.10", "1.1"), ("0", "0"), ("-0", "0"), ("0.000", "0"), ("-0.5", "-0.5"), ("100", "100"), ("1e3", "1000"),
        ("1E+3", "1000"), ("1.5e-3", "0.0015"), ("+12.50", "12.5"), ("007", "7"), (".5", "0.5"), ("5.", "5"),
        ("-0.050", "-0.05"), ("123456789012345678901234567890.12345678", "123456789012345678901234567890.12345678"),
        ("0.00000000000000000000000000000000000001", "0.00000000000000000000000000000000000001"),
        ("1e127", "1" + String(repeating: "0", count: 127)),
        ("1e-128", "0." + String(repeating: "0", count: 127) + "1"),
        ("1e130", "1" + String(repeating: "0", count: 130)),
    ])
    func canonicalText(input: String, canonical: String) throws {
        let value = try #require(Self.decimal(input))
        #expect(DecimalText.canonicalText(value) == canonical)
        // The canonical text reads back as the same value.
        #expect(Self.decimal(canonical) == value)
    }

    /// 38 significant digits, the most `Decimal` holds for every value, and the largest
    /// significand (2^128 - 1, 39 digits) read exactly.
    @Test func thirtyEightDigits() throws {
        let digits = "12345678901234567890123456789012345678"
        let value = try #require(Self.decimal(digits))
        #expect(DecimalText.canonicalText(value) == digits)
        let largest = "340282366920938463463374607431768211455"
        #expect(DecimalText.canonicalText(try #require(Self.decimal(largest))) == largest)
        #expect(DecimalText.canonicalText(try #require(Self.decimal("-0.\(digits)"))) == "-0.\(digits)")
    }

    @Test(arguments: [
        ("", "empty text is not a decimal number"),
        ("abc", "unexpected 'a' at character 1 of a decimal number ([-]digits[.digits][e[-]digits])"),
        ("1.2.3", "unexpected '.' at character 4 of a decimal number ([-]digits[.digits][e[-]digits])"),
        (" 1", "unexpected ' ' at character 1 of a decimal number ([-]digits[.digits][e[-]digits])"),
        ("1 ", "unexpected ' ' at character 2 of a decimal number ([-]digits[.digits][e[-]digits])"),
        ("--1", "unexpected '-' at character 2 of a decimal number ([-]digits[.digits][e[-]digits])"),
        ("1e", "the text ends before a digit: a decimal number is [-]digits[.digits][e[-]digits]"),
        ("-", "the text ends before a digit: a decimal number is [-]digits[.digits][e[-]digits]"),
        ("NaN", "unexpected 'N' at character 1 of a decimal number ([-]digits[.digits][e[-]digits])"),
        ("1,5", "unexpected ',' at character 2 of a decimal number ([-]digits[.digits][e[-]digits])"),
        ("1\u{0}", "unexpected byte 0x0 at byte 2 of a decimal number ([-]digits[.digits][e[-]digits])"),
        ("١٢", "unexpected byte 0xD9 at byte 1 of a decimal number ([-]digits[.digits][e[-]digits])"),
        (
            "340282366920938463463374607431768211456",
            "more significant digits than Decimal holds (38): reading it would round"
        ),
        (
            "1.0000000000000000000000000000000000000001",
            "more significant digits than Decimal holds (38): reading it would round"
        ),
        ("1e-129", "more decimal places than Decimal holds (its smallest unit is 10^-128): reading it would round"),
        ("1e200", "the number is beyond Decimal's range (about 3.4 × 10^165)"),
    ])
    func refused(input: String, message: String) {
        var text = input
        let result = text.withUTF8 { DecimalText.decimal(UnsafeRawBufferPointer($0)) }
        #expect(throws: DecimalTextError.self) { try result.get() }
        if case .failure(let error) = result { #expect(error.description == message) }
    }

    /// Many digits of zeros are not significant: they never overflow.
    @Test func zerosAreNotSignificant() throws {
        let zeros = String(repeating: "0", count: 200)
        #expect(Self.decimal(zeros + "1." + "5" + zeros) == Decimal(string: "1.5"))
        #expect(
            Self.decimal("1" + String(repeating: "0", count: 100))
                == Decimal(sign: .plus, exponent: 100, significand: 1))
    }

    @Test func nanHasNoText() {
        #expect(DecimalText.canonicalText(Decimal.nan) == nil)
    }

    /// Random values: the canonical text of each reads back as the value, and Foundation
    /// reads it as the same value.
    @Test func randomValuesRoundTrip() throws {
        var generator = SplitMixGenerator(seed: 29)
        for _ in 0..<10_000 {
            let value = DecimalSamples.random(using: &generator)
            let text = try #require(DecimalText.canonicalText(value))
            #expect(Self.decimal(text) == value, "\(text)")
            #expect(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) == value, "\(text)")
        }
    }
}

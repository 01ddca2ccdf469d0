import CICUWordBreak
import CSQLite
import CoddSQLite

/// Words by ICU's word break iterator (dictionaries for Chinese, Japanese, Thai, …), case
/// folded, optionally without diacritics. Arguments: an optional locale, then
/// `remove_diacritics 0|1`: what `FTS5Tokenizer.icu(locale:removeDiacritics:name:)`
/// renders.
public final class ICUWordBreakTokenizer: FTS5CustomTokenizer {
    /// The ICU locale (`""` for ICU's root rules).
    public let locale: String
    /// Whether nonspacing marks are removed.
    public let removesDiacritics: Bool
    /// ICU's break iterator and buffers, opened once: an FTS5 tokenizer instance serves
    /// one connection, which SQLite runs on one thread at a time.
    private let breaker: OpaquePointer

    /// Reads the arguments of `tokenize = 'icu …'`.
    ///
    /// - Throws: ``FTS5TokenizerError`` for an unknown option or a locale ICU cannot break.
    public init(arguments: [String]) throws {
        var arguments = arguments[...]
        var locale = ""
        if let first = arguments.first, first != "remove_diacritics" {
            locale = first
            arguments = arguments.dropFirst()
        }
        var removesDiacritics = false
        while let option = arguments.popFirst() {
            guard option == "remove_diacritics", let value = arguments.popFirst(), value == "0" || value == "1" else {
                throw FTS5TokenizerError(name: "icu", reason: .icuUnavailable("unknown option \(option)"))
            }
            removesDiacritics = value == "1"
        }
        guard codd_icu_wordbreak_available() != 0 else {
            throw FTS5TokenizerError(name: "icu", reason: .icuUnavailable("this build has no ICU"))
        }
        var status: Int32 = 0
        guard let breaker = codd_icu_wordbreaker_open(locale, &status), status == 0 else {
            throw FTS5TokenizerError(
                name: "icu", reason: .icuUnavailable("ICU cannot break words for locale \(locale) (error \(status))"))
        }
        self.locale = locale
        self.removesDiacritics = removesDiacritics
        self.breaker = breaker
    }

    deinit {
        codd_icu_wordbreaker_close(breaker)
    }

    public func tokenize(_ text: FTS5Text, reason: FTS5TokenizeReason, into sink: FTS5TokenSink) throws {
        let call = ICUCall(sink: sink)
        let options = Int32(CODD_ICU_FOLD_CASE) | (removesDiacritics ? Int32(CODD_ICU_REMOVE_DIACRITICS) : 0)
        let pointer = UnsafeRawPointer(text.bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
        let code = withExtendedLifetime(call) {
            codd_icu_wordbreaker_tokenize(
                breaker, pointer, Int32(text.bytes.count), options, Unmanaged.passUnretained(call).toOpaque()
            ) { context, word, length, start, end in
                guard let context else { return SQLITE_MISUSE }
                let call = Unmanaged<ICUCall>.fromOpaque(context).takeUnretainedValue()
                do {
                    try call.sink.emit(
                        bytes: UnsafeRawBufferPointer(start: word, count: Int(max(0, length))),
                        range: Int(start)..<Int(end)
                    )
                    return SQLITE_OK
                } catch let stop as FTS5TokenizerStop {
                    return stop.code
                } catch {
                    return SQLITE_ERROR
                }
            }
        }
        if code == -1 { throw FTS5TokenizerStop(code: SQLITE_ERROR) }
        if code != SQLITE_OK { throw FTS5TokenizerStop(code: code) }
    }
}

/// What the C callback needs.
private final class ICUCall {
    let sink: FTS5TokenSink
    init(sink: FTS5TokenSink) { self.sink = sink }
}

extension Connection {
    /// Registers ``ICUWordBreakTokenizer`` under `name` for this connection.
    ///
    /// ```swift
    /// try db.registerICUTokenizer()
    /// // CREATE VIRTUAL TABLE … USING fts5("body", tokenize = 'icu ja_JP')
    /// ```
    public func registerICUTokenizer(named name: String = "icu") throws {
        guard codd_icu_wordbreak_available() != 0 else {
            throw FTS5TokenizerError(name: name, reason: .icuUnavailable("this build has no ICU"))
        }
        try registerFTS5Tokenizer(named: name) { arguments in try ICUWordBreakTokenizer(arguments: arguments) }
    }
}

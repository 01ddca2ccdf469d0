import CSQLite

/// A tokenizer written in Swift, registered on a connection with
/// `registerFTS5Tokenizer(named:_:)` and named in an FTS5 table's `tokenize` option.
///
/// ```swift
/// final class LowercaseWords: FTS5CustomTokenizer {
///     func tokenize(_ text: FTS5Text, reason: FTS5TokenizeReason, into sink: FTS5TokenSink) throws {
///         for word in text.words() { try sink.emit(word.text.lowercased(), range: word.range) }
///     }
/// }
/// try db.registerFTS5Tokenizer(named: "lowercase") { arguments in LowercaseWords() }
/// ```
///
/// FTS5 creates one instance per table (the factory receives the words after the name in
/// `tokenize = '…'`) and calls it for every document it indexes and every query it parses,
/// on the connection's thread.
public protocol FTS5CustomTokenizer: AnyObject {
    /// Emits the tokens of `text` into `sink`, each with the byte range it came from.
    /// Throwing makes the statement that indexes or queries fail.
    func tokenize(_ text: FTS5Text, reason: FTS5TokenizeReason, into sink: FTS5TokenSink) throws
}

/// Why FTS5 asks for tokens.
public struct FTS5TokenizeReason: Sendable, Hashable {
    /// FTS5's `FTS5_TOKENIZE_*` flags.
    public let flags: Int32

    public init(flags: Int32) {
        self.flags = flags
    }

    /// A document being indexed (or deleted from the index).
    public var isDocument: Bool { flags & FTS5_TOKENIZE_DOCUMENT != 0 }
    /// A string of a MATCH pattern.
    public var isQuery: Bool { flags & FTS5_TOKENIZE_QUERY != 0 }
    /// A query string followed by `*`: its last token is a prefix.
    public var isPrefixQuery: Bool { flags & FTS5_TOKENIZE_PREFIX != 0 }
    /// An auxiliary function (`highlight`, `snippet`) reading a document.
    public var isAuxiliary: Bool { flags & FTS5_TOKENIZE_AUX != 0 }
}

/// The UTF-8 text FTS5 hands a tokenizer, valid only during the call.
public struct FTS5Text {
    /// The bytes (not NUL-terminated).
    public let bytes: UnsafeBufferPointer<UInt8>

    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The text as a `String` (invalid UTF-8 repaired).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The runs of letters and digits of the text, with their byte ranges: a simple word
    /// splitter for tokenizers that transform words.
    ///
    /// The ranges are of ``bytes`` as FTS5 handed them: the text is decoded in place, and a
    /// byte that is not UTF-8 separates words (it is not repaired into U+FFFD, three bytes
    /// wide, which would move every later range).
    public func words() -> [(text: String, range: Range<Int>)] {
        var words: [(String, Range<Int>)] = []
        var start: Int?
        var offset = 0
        func endWord() {
            guard let first = start else { return }
            words.append(
                (String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<offset]), as: UTF8.self), first..<offset))
            start = nil
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if start == nil { start = offset }
                } else {
                    endWord()
                }
                offset += encoded.count
            case .error(let length):
                endWord()
                offset += length
            case .emptyInput:
                endWord()
                return words
            }
        }
    }
}

/// Where a tokenizer emits tokens: FTS5's `xToken` callback.
public struct FTS5TokenSink {
    typealias Callback =
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32
        ) -> Int32

    let context: UnsafeMutableRawPointer?
    let callback: Callback

    /// Emits `token` for the bytes `range` of the text. A `colocated` token stands at the
    /// same position as the one before it: a synonym (`"first"` beside `"1st"`).
    ///
    /// - Throws: ``FTS5TokenizerStop`` when FTS5 wants no more tokens (rethrow it).
    public func emit(_ token: String, range: Range<Int>, colocated: Bool = false) throws {
        var token = token
        try token.withUTF8 { utf8 in
            try emit(bytes: UnsafeRawBufferPointer(utf8), range: range, colocated: colocated)
        }
    }

    /// Emits the UTF-8 `bytes` of a token for the bytes `range` of the text.
    public func emit(bytes: UnsafeRawBufferPointer, range: Range<Int>, colocated: Bool = false) throws {
        guard bytes.count <= Int(Int32.max), range.upperBound <= Int(Int32.max) else {
            throw FTS5TokenizerStop(code: SQLITE_TOOBIG)
        }
        let pointer = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        let code = callback(
            context, colocated ? FTS5_TOKEN_COLOCATED : 0, pointer, Int32(bytes.count),
            Int32(range.lowerBound), Int32(range.upperBound)
        )
        if code != SQLITE_OK { throw FTS5TokenizerStop(code: code) }
    }
}

/// FTS5 asked a tokenizer to stop (or failed): the code is handed back to FTS5.
public struct FTS5TokenizerStop: Error, Sendable, Hashable {
    /// The SQLite result code FTS5 returned (`SQLITE_DONE` to stop early).
    public let code: Int32
}

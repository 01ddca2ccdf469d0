import CSQLite
import CoddSQLite

extension Connection {
    /// Registers a tokenizer that runs another one and transforms its tokens: each token
    /// becomes the tokens `transform` returns, the first at its position and the rest
    /// colocated with it (synonyms). An empty result drops the token.
    ///
    /// The table names the wrapped tokenizer and its arguments after the wrapper's name,
    /// as with `porter`:
    ///
    /// ```swift
    /// try db.registerFTS5WrapperTokenizer(named: "synonyms") { token, reason in
    ///     token == "1st" ? ["1st", "first"] : [token]
    /// }
    /// // tokenize = 'synonyms unicode61 remove_diacritics 2'   (.wrapper("synonyms", around: .unicode61(…)))
    /// ```
    ///
    /// - Throws: ``FTS5TokenizerError`` when FTS5 is unavailable or refuses the tokenizer;
    ///   a table naming a wrapped tokenizer that does not exist fails to create.
    public func registerFTS5WrapperTokenizer(
        named name: String, transform: @escaping (_ token: String, _ reason: FTS5TokenizeReason) -> [String]
    ) throws {
        let api = try fts5API(registering: name)
        let apiAddress = UInt(bitPattern: api)
        try registerFTS5Tokenizer(named: name) { arguments in
            guard let base = arguments.first,
                let api = UnsafeMutablePointer<fts5_api>(bitPattern: apiAddress)
            else {
                throw FTS5TokenizerError(name: name, reason: .noSuchTokenizer("(none)"))
            }
            return try FTS5WrappedTokenizer(
                api: api, base: base, arguments: Array(arguments.dropFirst()), transform: transform
            )
        }
    }
}

/// A tokenizer found by name through `xFindTokenizer` (a built-in or registered one),
/// whose tokens pass through a Swift transform.
final class FTS5WrappedTokenizer: FTS5CustomTokenizer {
    private var methods = fts5_tokenizer()
    private let instance: OpaquePointer
    private let transform: (String, FTS5TokenizeReason) -> [String]

    init(
        api: UnsafeMutablePointer<fts5_api>, base: String, arguments: [String],
        transform: @escaping (String, FTS5TokenizeReason) -> [String]
    ) throws {
        self.transform = transform
        var userData: UnsafeMutableRawPointer?
        guard api.pointee.xFindTokenizer(api, base, &userData, &methods) == SQLITE_OK, let create = methods.xCreate
        else {
            throw FTS5TokenizerError(name: base, reason: .noSuchTokenizer(base))
        }
        var created: OpaquePointer?
        let code = FTS5CStrings.with(arguments) { argv in
            create(userData, argv.baseAddress, Int32(arguments.count), &created)
        }
        guard code == SQLITE_OK, let created else {
            throw FTS5TokenizerError(name: base, reason: .registrationFailed(code: code))
        }
        instance = created
    }

    deinit {
        methods.xDelete?(instance)
    }

    func tokenize(_ text: FTS5Text, reason: FTS5TokenizeReason, into sink: FTS5TokenSink) throws {
        guard let tokenize = methods.xTokenize else { return }
        let call = FTS5WrapperCall(sink: sink, transform: transform, reason: reason)
        let context = Unmanaged.passUnretained(call).toOpaque()
        let pointer = UnsafeRawPointer(text.bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
        let code = withExtendedLifetime(call) {
            tokenize(instance, context, reason.flags, pointer, Int32(text.bytes.count)) {
                context, flags, token, length, start, end in
                guard let context else { return SQLITE_MISUSE }
                let call = Unmanaged<FTS5WrapperCall>.fromOpaque(context).takeUnretainedValue()
                let bytes = UnsafeRawBufferPointer(start: token, count: Int(max(0, length)))
                let outputs = call.transform(String(decoding: bytes, as: UTF8.self), call.reason)
                do {
                    for (index, output) in outputs.enumerated() {
                        let colocated = index > 0 || flags & FTS5_TOKEN_COLOCATED != 0
                        try call.sink.emit(output, range: Int(start)..<Int(end), colocated: colocated)
                    }
                    return SQLITE_OK
                } catch let stop as FTS5TokenizerStop {
                    return stop.code
                } catch {
                    return SQLITE_ERROR
                }
            }
        }
        if code != SQLITE_OK { throw FTS5TokenizerStop(code: code) }
    }
}

/// What the base tokenizer's callback needs: where to emit, and the transform.
private final class FTS5WrapperCall {
    let sink: FTS5TokenSink
    let transform: (String, FTS5TokenizeReason) -> [String]
    let reason: FTS5TokenizeReason

    init(sink: FTS5TokenSink, transform: @escaping (String, FTS5TokenizeReason) -> [String], reason: FTS5TokenizeReason)
    {
        self.sink = sink
        self.transform = transform
        self.reason = reason
    }
}

/// C strings for an `argv`, valid during `body`.
enum FTS5CStrings {
    static func with<R>(_ strings: [String], _ body: (UnsafeMutableBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { string in
            let utf8 = string.utf8CString
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
            for (index, byte) in utf8.enumerated() { (copy + index).initialize(to: byte) }
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeMutableBufferPointer { body($0) }
    }
}

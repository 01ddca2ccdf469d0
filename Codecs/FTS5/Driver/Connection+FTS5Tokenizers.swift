import CSQLite
import CoddCore
import CoddSQLite

extension Connection {
    /// Registers a tokenizer written in Swift under `name`, for this connection: FTS5 calls
    /// `make` with the words after the name in a table's `tokenize = '…'` option.
    ///
    /// ```swift
    /// try db.registerFTS5Tokenizer(named: "lowercase") { arguments in LowercaseWords() }
    /// // CREATE VIRTUAL TABLE "notes" USING fts5("body", tokenize = 'lowercase')
    /// ```
    ///
    /// Register it on every connection that reads or writes the table (for example in
    /// `Configuration.prepareDatabase(_:)`).
    ///
    /// - Throws: ``FTS5TokenizerError`` when FTS5 is unavailable or refuses the tokenizer.
    public func registerFTS5Tokenizer(
        named name: String, _ make: @escaping ([String]) throws -> any FTS5CustomTokenizer
    ) throws {
        let api = try fts5API(registering: name)
        // Its failure half-way through a statement is undone with the statement's part.
        guardWritingStatements()
        let factory = Unmanaged.passRetained(
            FTS5TokenizerFactory(name: name, connection: unsafeSQLiteHandle, make: make)
        ).toOpaque()
        var methods = fts5_tokenizer(
            xCreate: { userData, argv, argc, out in
                guard let userData, let out else { return SQLITE_MISUSE }
                let factory = Unmanaged<FTS5TokenizerFactory>.fromOpaque(userData).takeUnretainedValue()
                let arguments = (0..<Int(max(0, argc))).compactMap { argv?[$0].map { String(cString: $0) } }
                do {
                    let instance = FTS5TokenizerInstance(tokenizer: try factory.make(arguments), factory: factory)
                    out.pointee = OpaquePointer(Unmanaged.passRetained(instance).toOpaque())
                    return SQLITE_OK
                } catch {
                    factory.stash(
                        error, while: "starting with arguments \(arguments)",
                        reportedAs: "error in tokenizer constructor")
                    return SQLITE_ERROR
                }
            },
            xDelete: { tokenizer in
                guard let tokenizer else { return }
                Unmanaged<FTS5TokenizerInstance>.fromOpaque(UnsafeRawPointer(tokenizer)).release()
            },
            xTokenize: { tokenizer, context, flags, text, length, callback in
                guard let tokenizer, let callback else { return SQLITE_MISUSE }
                let instance = Unmanaged<FTS5TokenizerInstance>.fromOpaque(UnsafeRawPointer(tokenizer))
                    .takeUnretainedValue()
                let bytes = UnsafeBufferPointer(
                    start: UnsafeRawPointer(text)?.assumingMemoryBound(to: UInt8.self), count: Int(max(0, length))
                )
                do {
                    try instance.tokenizer.tokenize(
                        FTS5Text(bytes: bytes), reason: FTS5TokenizeReason(flags: flags),
                        into: FTS5TokenSink(context: context, callback: callback)
                    )
                    return SQLITE_OK
                } catch let stop as FTS5TokenizerStop {
                    return stop.code
                } catch {
                    instance.factory.stash(
                        error, while: "tokenizing", reportedAs: String(cString: sqlite3_errstr(SQLITE_ERROR)))
                    return SQLITE_ERROR
                }
            }
        )
        let code = api.pointee.xCreateTokenizer(api, name, factory, &methods) { factory in
            guard let factory else { return }
            Unmanaged<FTS5TokenizerFactory>.fromOpaque(factory).release()
        }
        guard code == SQLITE_OK else {
            // FTS5 calls the destructor only for a tokenizer it registered.
            Unmanaged<FTS5TokenizerFactory>.fromOpaque(factory).release()
            throw FTS5TokenizerError(name: name, reason: .registrationFailed(code: code))
        }
    }

    /// The connection's `fts5_api`, from `SELECT fts5(?1)` with the pointer bound by
    /// `sqlite3_bind_pointer(…, "fts5_api_ptr", …)`.
    func fts5API(registering name: String) throws -> UnsafeMutablePointer<fts5_api> {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(unsafeSQLiteHandle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK, let statement
        else {
            let message = String(cString: sqlite3_errmsg(unsafeSQLiteHandle))
            throw FTS5TokenizerError(name: name, reason: .fts5Unavailable(message))
        }
        defer { sqlite3_finalize(statement) }
        let slot = UnsafeMutablePointer<UnsafeMutablePointer<fts5_api>?>.allocate(capacity: 1)
        defer { slot.deallocate() }
        slot.initialize(to: nil)
        // The pointer type must outlive the statement: a static string.
        let type: StaticString = "fts5_api_ptr"
        let typeName = UnsafeRawPointer(type.utf8Start).assumingMemoryBound(to: CChar.self)
        sqlite3_bind_pointer(statement, 1, slot, typeName, nil)
        let step = sqlite3_step(statement)
        guard step == SQLITE_ROW || step == SQLITE_DONE, let api = slot.pointee, api.pointee.iVersion >= 2 else {
            throw FTS5TokenizerError(name: name, reason: .fts5Unavailable("SELECT fts5(?1) returned no fts5_api"))
        }
        return api
    }
}

/// What FTS5 keeps for a registered tokenizer: how to make instances, and what names it
/// when it fails.
final class FTS5TokenizerFactory {
    let name: String
    /// The connection it is registered on, whose statement a failure fails.
    let connection: OpaquePointer?
    let make: ([String]) throws -> any FTS5CustomTokenizer

    init(name: String, connection: OpaquePointer?, make: @escaping ([String]) throws -> any FTS5CustomTokenizer) {
        self.name = name
        self.connection = connection
        self.make = make
    }

    /// Keeps `error` for the `SQLiteError` of the statement it fails, which FTS5 reports
    /// only as `message` ("SQL logic error"): `SQLiteError.functionError` names the
    /// tokenizer and what it threw.
    func stash(_ error: any Error, while doing: String, reportedAs message: String) {
        FunctionErrorStash.put(
            SQLFunctionError(function: name, message: "the FTS5 tokenizer threw while \(doing): \(error)"),
            reportedAs: message, on: connection)
    }
}

/// What FTS5 keeps for a table's tokenizer instance.
final class FTS5TokenizerInstance {
    let tokenizer: any FTS5CustomTokenizer
    let factory: FTS5TokenizerFactory

    init(tokenizer: any FTS5CustomTokenizer, factory: FTS5TokenizerFactory) {
        self.tokenizer = tokenizer
        self.factory = factory
    }
}

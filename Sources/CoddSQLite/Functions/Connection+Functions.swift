import CSQLite
import CoddCore

extension Connection {
    /// Registers a scalar function written in Swift on this connection, replacing one of
    /// the same name and argument count.
    ///
    /// ```swift
    /// try db.add(function: $slugify)
    /// // sqlite3_create_function_v2(db, "slugify", 1, SQLITE_UTF8 | …, box, xFunc, nil, nil, release)
    /// ```
    ///
    /// Register on every connection with ``Configuration/prepareDatabase(_:)``.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses the function (a name with a NUL byte
    ///   or longer than 255 bytes, more than 127 arguments, a statement using the function
    ///   it replaces still running).
    public func add(function: some SQLScalarFunction) throws {
        try validate(function)
        let box = Unmanaged.passRetained(ScalarFunctionBox(function)).toOpaque()
        // On failure SQLite calls the destroy callback itself: the box is never released twice.
        let code = sqlite3_create_function_v2(
            handle, function.name, Int32(function.argumentCount), flags(function.options), box,
            { context, count, values in
                guard let context, let userData = sqlite3_user_data(context) else { return }
                let box = Unmanaged<ScalarFunctionBox>.fromOpaque(userData).takeUnretainedValue()
                var result = SQLFunctionResult(context: context, functionName: box.name)
                do {
                    try box.call(
                        SQLFunctionArguments(values: values, count: count, functionName: box.name), &result
                    )
                } catch {
                    reportFunctionError(error, function: box.name, context: context)
                }
            },
            nil, nil,
            { userData in
                guard let userData else { return }
                Unmanaged<ScalarFunctionBox>.fromOpaque(userData).release()
            }
        )
        try checkRegistration(code, function.name)
    }

    /// Registers an aggregate function written in Swift on this connection: SQLite calls
    /// `step` once per row of each group and `finish` once per group, so nothing is
    /// buffered unless the function's state buffers.
    ///
    /// ```swift
    /// try db.add(function: $mode)
    /// // sqlite3_create_function_v2(db, "mode", 1, SQLITE_UTF8, box, nil, xStep, xFinal, release)
    /// ```
    public func add<F: SQLAggregateFunction>(function: F) throws {
        try validate(function)
        let box = Unmanaged.passRetained(AggregateFunctionBox(function)).toOpaque()
        let code = sqlite3_create_function_v2(
            handle, function.name, Int32(function.argumentCount), flags(function.options), box,
            nil,
            { context, count, values in
                guard let context, let userData = sqlite3_user_data(context) else { return }
                let box = Unmanaged<AggregateFunctionBox>.fromOpaque(userData).takeUnretainedValue()
                guard let slot = sqlite3_aggregate_context(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size))
                else {
                    sqlite3_result_error_nomem(context)
                    return
                }
                let state: AggregateStateBox
                if let existing = slot.load(as: UnsafeMutableRawPointer?.self) {
                    state = Unmanaged<AggregateStateBox>.fromOpaque(existing).takeUnretainedValue()
                } else {
                    state = box.makeState()
                    // Released by the final call, which SQLite makes for every group it began.
                    slot.storeBytes(of: Unmanaged.passRetained(state).toOpaque(), as: UnsafeMutableRawPointer?.self)
                }
                guard !state.failed else { return }
                do {
                    try state.step(SQLFunctionArguments(values: values, count: count, functionName: box.name))
                } catch {
                    state.failed = true
                    reportFunctionError(error, function: box.name, context: context)
                }
            },
            { context in
                guard let context, let userData = sqlite3_user_data(context) else { return }
                let box = Unmanaged<AggregateFunctionBox>.fromOpaque(userData).takeUnretainedValue()
                let state: AggregateStateBox
                // A group with no rows (an aggregate over an empty table) never stepped.
                if let slot = sqlite3_aggregate_context(context, 0),
                    let existing = slot.load(as: UnsafeMutableRawPointer?.self)
                {
                    slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
                    state = Unmanaged<AggregateStateBox>.fromOpaque(existing).takeRetainedValue()
                } else {
                    state = box.makeState()
                }
                guard !state.failed else { return }
                var result = SQLFunctionResult(context: context, functionName: box.name)
                do {
                    try state.finish(&result)
                } catch {
                    reportFunctionError(error, function: box.name, context: context)
                }
            },
            { userData in
                guard let userData else { return }
                Unmanaged<AggregateFunctionBox>.fromOpaque(userData).release()
            }
        )
        try checkRegistration(code, function.name)
    }

    /// Removes the function `name` taking `argumentCount` arguments from this connection.
    public func removeFunction(named name: String, argumentCount: Int) throws {
        try validate(name: name, argumentCount: argumentCount)
        let code = sqlite3_create_function_v2(
            handle, name, Int32(argumentCount), SQLITE_UTF8, nil, nil, nil, nil, nil
        )
        try checkRegistration(code, name)
    }

    private func validate(_ function: some SQLFunction) throws {
        try validate(name: function.name, argumentCount: function.argumentCount)
    }

    /// SQLite would read a name up to its first NUL byte, registering another name.
    private func validate(name: String, argumentCount: Int) throws {
        if name.utf8.contains(0) {
            throw SQLiteError.misuse("The function name \(SQLBuilder.quoted(name)) contains a NUL byte")
        }
        if name.isEmpty || name.utf8.count > 255 {
            throw SQLiteError.misuse(
                "A function name has 1 to 255 bytes; \(SQLBuilder.quoted(name)) has \(name.utf8.count)")
        }
        guard (-1...127).contains(argumentCount) else {
            throw SQLiteError.misuse("A function takes -1 (any) to 127 arguments, not \(argumentCount)")
        }
    }

    private func flags(_ options: SQLFunctionOptions) -> Int32 {
        var flags = SQLITE_UTF8
        if options.contains(.deterministic) { flags |= SQLITE_DETERMINISTIC }
        if options.contains(.directOnly) { flags |= SQLITE_DIRECTONLY }
        if options.contains(.innocuous) { flags |= SQLITE_INNOCUOUS }
        return flags
    }

    private func checkRegistration(_ code: Int32, _ name: String) throws {
        guard code == SQLITE_OK else {
            let error = SQLiteError.last(on: handle, resultCode: code, sql: nil)
            throw SQLiteError(
                code: error.code, extendedCode: error.extendedCode,
                message: "Cannot register function \(SQLBuilder.quoted(name)): \(error.message)"
            )
        }
    }
}

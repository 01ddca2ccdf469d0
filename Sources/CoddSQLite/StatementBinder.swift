import CoddCore

/// The binding context `execute(sql, values…)` hands each value: the statement, not
/// retained.
///
/// `bind(into:)` takes its context `inout`; passing the statement itself would copy the
/// reference into a variable, a retain and a release for every bound value. The binder
/// lives only inside ``Statement/bindOne(_:)``, while the statement is in use.
@usableFromInline
struct StatementBinder: SQLBindingContext {
    @usableFromInline let statement: Unmanaged<Statement>

    @inlinable
    init(_ statement: Statement) {
        self.statement = Unmanaged.passUnretained(statement)
    }

    @inlinable
    func bindNull() throws { try statement._withUnsafeGuaranteedRef { try $0.bindNull() } }

    @usableFromInline
    func require(_ requirement: SQLFeatureRequirement) throws {
        try statement._withUnsafeGuaranteedRef { try $0.require(requirement) }
    }

    @inlinable @inline(__always)
    func bindInteger(_ value: Int64) throws { try statement._withUnsafeGuaranteedRef { try $0.bindInteger(value) } }

    @inlinable
    func bindReal(_ value: Double) throws { try statement._withUnsafeGuaranteedRef { try $0.bindReal(value) } }

    @inlinable
    func bindText(_ value: String) throws { try statement._withUnsafeGuaranteedRef { try $0.bindText(value) } }

    @inlinable
    func bindText(utf8 bytes: UnsafeRawBufferPointer) throws {
        try statement._withUnsafeGuaranteedRef { try $0.bindText(utf8: bytes) }
    }

    @inlinable
    func bindBlob(_ bytes: UnsafeRawBufferPointer) throws {
        try statement._withUnsafeGuaranteedRef { try $0.bindBlob(bytes) }
    }
}

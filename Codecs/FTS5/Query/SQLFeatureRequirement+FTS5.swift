import CoddCore

/// FTS5 options that need a newer SQLite than some systems run (Debian 12 ships 3.40.1).
/// Executing a statement that uses one on an older SQLite throws `SQLUnsupportedFeatureError`
/// before SQLite sees the DDL.
extension SQLFeatureRequirement {
    /// `contentless_delete=1`: SQLite 3.43.
    public static let contentlessDelete = SQLFeatureRequirement("FTS5 option contentless_delete", sqlite: 3, 43)
    /// `tokenize = 'trigram remove_diacritics 1'`: SQLite 3.45.
    public static let trigramRemoveDiacritics = SQLFeatureRequirement(
        "FTS5 option trigram remove_diacritics", sqlite: 3, 45)
}

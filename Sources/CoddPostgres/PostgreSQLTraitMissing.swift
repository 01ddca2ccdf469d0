#if !PostgreSQL
// Without Codd's `PostgreSQL` package trait this module is otherwise empty: an app that
// imports it and names its types gets this message rather than "cannot find
// 'PGDatabase' in scope".

/// Unavailable: turn on Codd's `PostgreSQL` package trait.
@available(
    *, unavailable,
    message:
        "CoddPostgres needs Codd's PostgreSQL package trait: .package(url: …, traits: [\"PostgreSQL\"]) (docs/PostgreSQL.md)"
)
public enum PGDatabase {}

/// Unavailable: turn on Codd's `PostgreSQL` package trait.
@available(
    *, unavailable,
    message:
        "CoddPostgres needs Codd's PostgreSQL package trait: .package(url: …, traits: [\"PostgreSQL\"]) (docs/PostgreSQL.md)"
)
public enum PGConfiguration {}

/// Unavailable: turn on Codd's `PostgreSQL` package trait.
@available(
    *, unavailable,
    message:
        "CoddPostgres needs Codd's PostgreSQL package trait: .package(url: …, traits: [\"PostgreSQL\"]) (docs/PostgreSQL.md)"
)
public enum PGConnection {}

/// Unavailable: turn on Codd's `PostgreSQL` package trait.
@available(
    *, unavailable,
    message:
        "CoddPostgres needs Codd's PostgreSQL package trait: .package(url: …, traits: [\"PostgreSQL\"]) (docs/PostgreSQL.md)"
)
public enum PGError {}
#endif

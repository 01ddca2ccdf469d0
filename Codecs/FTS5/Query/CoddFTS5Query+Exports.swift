// The search patterns are a module of their own (no DSL, so raw SQL and the fuzzer use
// them without the macro plugin); a DSL user reaches them through CoddFTS5Query.
@_exported import CoddFTS5

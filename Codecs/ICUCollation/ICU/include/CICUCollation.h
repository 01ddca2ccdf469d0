#ifndef CODD_CICU_COLLATION_H
#define CODD_CICU_COLLATION_H

/// Locale-aware comparison with the system ICU (ucol_*), for Codd's ICU collation. Only
/// collation.c includes ICU's headers: Swift sees this header alone, so it never meets the
/// system <unicode/…> headers (which clash with Foundation's bundled _FoundationICU).

#ifdef __cplusplus
extern "C" {
#endif

/// Whether ICU is available (0 on a system built without it).
int codd_icu_collation_available(void);

/// An opened ICU collator: its rules and tables, loaded once. Not for two threads at once:
/// Codd opens one per connection.
typedef struct codd_icu_collator codd_icu_collator;

/// Opens a collator for `locale` ("fr", "sv_SE", "de@collation=phonebook", "" for the root
/// order) at `strength` (1 primary: base letters only; 2 secondary: accents too; 3
/// tertiary: case too, ICU's default; 4 quaternary; 5 identical), ordering runs of digits
/// by their value when `numeric` is nonzero. NULL when ICU cannot: then *status is ICU's
/// error code, or -127 (U_USING_DEFAULT_WARNING) when ICU knows no collation for the
/// locale and would use the root order, or -1 when ICU is unavailable.
codd_icu_collator *codd_icu_collator_open(const char *locale, int strength, int numeric, int *status);

/// Compares two UTF-8 texts: negative, zero or positive. Ill-formed UTF-8 compares as
/// U+FFFD; should ICU fail, the bytes are compared, so the order stays total.
int codd_icu_collator_compare(codd_icu_collator *collator, const char *lhs, int lhs_length, const char *rhs, int rhs_length);

/// Closes the collator.
void codd_icu_collator_close(codd_icu_collator *collator);

/// The name of an ICU error code.
const char *codd_icu_error_name(int status);

#ifdef __cplusplus
}
#endif

#endif

#ifndef CODD_CICU_WORDBREAK_H
#define CODD_CICU_WORDBREAK_H

/// Word breaking with the system ICU, for Codd's FTS5 tokenizer. Only wordbreak.c includes
/// ICU's headers: Swift sees this header alone, so it never meets the system <unicode/…>
/// headers (which clash with Foundation's bundled _FoundationICU).

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Options of codd_icu_wordbreak_tokenize.
enum {
    /// Fold case (ICU's full case folding: "Straße" → "strasse").
    CODD_ICU_FOLD_CASE = 1,
    /// Remove diacritics: decompose (NFD), drop nonspacing marks, compose (NFC).
    CODD_ICU_REMOVE_DIACRITICS = 2,
};

/// Receives one word: its transformed UTF-8 bytes and the byte range of the original
/// text it came from. A nonzero result stops tokenizing and is returned.
typedef int (*codd_icu_word_callback)(void *context, const char *word, int word_length, int start, int end);

/// Whether ICU is available (0 on a system built without it).
int codd_icu_wordbreak_available(void);

/// Checks that ICU knows how to break words for `locale` ("", "ja_JP", "th"): 0 when it
/// does, an ICU error code otherwise.
int codd_icu_wordbreak_check_locale(const char *locale);

/// A word breaker for one locale: ICU's break iterator and the buffers it works in, opened
/// once and reused for every text (opening an iterator loads its rules and dictionaries,
/// which costs more than breaking a short text). Not for two threads at once: an FTS5
/// tokenizer instance belongs to one connection.
typedef struct codd_icu_wordbreaker codd_icu_wordbreaker;

/// Opens a word breaker for `locale`; NULL when ICU cannot (then *status is ICU's error,
/// or -1 when memory ran out).
codd_icu_wordbreaker *codd_icu_wordbreaker_open(const char *locale, int *status);

/// Closes a word breaker (NULL is allowed).
void codd_icu_wordbreaker_close(codd_icu_wordbreaker *breaker);

/// Splits `text` (UTF-8, `length` bytes) into words with the breaker's iterator, skipping
/// spaces and punctuation, and calls `callback` for each word. Returns 0, the callback's
/// nonzero result, or -1 when ICU fails.
int codd_icu_wordbreaker_tokenize(
    codd_icu_wordbreaker *breaker, const char *text, int length, int options,
    void *context, codd_icu_word_callback callback
);

/// The same, with a breaker opened and closed for this one text.
int codd_icu_wordbreak_tokenize(
    const char *locale, const char *text, int length, int options,
    void *context, codd_icu_word_callback callback
);

#ifdef __cplusplus
}
#endif

#endif

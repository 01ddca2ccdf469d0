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

/// Splits `text` (UTF-8, `length` bytes) into words with ICU's word break iterator for
/// `locale`, skipping spaces and punctuation, and calls `callback` for each word.
/// Returns 0, the callback's nonzero result, or -1 when ICU fails.
int codd_icu_wordbreak_tokenize(
    const char *locale, const char *text, int length, int options,
    void *context, codd_icu_word_callback callback
);

#ifdef __cplusplus
}
#endif

#endif

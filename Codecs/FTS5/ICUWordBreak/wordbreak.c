#include "CICUWordBreak.h"

#if __has_include(<unicode/ubrk.h>)
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/utf16.h>

int codd_icu_wordbreak_available(void) { return 1; }

int codd_icu_wordbreak_check_locale(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UChar text[1] = {0};
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, text, 0, &status);
    if (iterator) ubrk_close(iterator);
    return U_FAILURE(status) ? (int)status : 0;
}

/// Grows *buffer to hold at least `needed` UChars.
static int reserve(UChar **buffer, int32_t *capacity, int32_t needed) {
    if (needed <= *capacity) return 0;
    int32_t grown = needed * 2 + 16;
    UChar *resized = realloc(*buffer, (size_t)grown * sizeof(UChar));
    if (!resized) return -1;
    *buffer = resized;
    *capacity = grown;
    return 0;
}

/// Removes nonspacing marks from `word` (length `*length`), in place, after NFD; then NFC.
static int remove_diacritics(UChar **word, int32_t *length, int32_t *capacity, UChar **scratch, int32_t *scratch_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t needed = unorm2_normalize(nfd, *word, *length, NULL, 0, &status);
    status = U_ZERO_ERROR;
    if (reserve(scratch, scratch_capacity, needed + 1) != 0) return -1;
    needed = unorm2_normalize(nfd, *word, *length, *scratch, *scratch_capacity, &status);
    if (U_FAILURE(status)) return -1;
    int32_t kept = 0;
    for (int32_t i = 0; i < needed;) {
        UChar32 c;
        int32_t start = i;
        U16_NEXT(*scratch, i, needed, c);
        if (u_charType(c) == U_NON_SPACING_MARK) continue;
        for (int32_t j = start; j < i; j++) (*scratch)[kept++] = (*scratch)[j];
    }
    if (reserve(word, capacity, kept * 3 + 1) != 0) return -1;
    *length = unorm2_normalize(nfc, *scratch, kept, *word, *capacity, &status);
    return U_FAILURE(status) ? -1 : 0;
}

struct codd_icu_wordbreaker {
    UBreakIterator *iterator;
    /// The text in UTF-16, and for each UTF-16 unit the byte offset it starts at.
    UChar *utf16;
    int32_t *offsets;
    int32_t text_capacity;
    UChar *word;
    int32_t word_capacity;
    UChar *scratch;
    int32_t scratch_capacity;
    char *utf8;
    int32_t utf8_capacity;
};

codd_icu_wordbreaker *codd_icu_wordbreaker_open(const char *locale, int *status_out) {
    codd_icu_wordbreaker *breaker = calloc(1, sizeof(codd_icu_wordbreaker));
    if (!breaker) { *status_out = -1; return NULL; }
    UErrorCode status = U_ZERO_ERROR;
    UChar empty[1] = {0};
    breaker->iterator = ubrk_open(UBRK_WORD, locale, empty, 0, &status);
    breaker->word_capacity = 64;
    breaker->scratch_capacity = 64;
    breaker->utf8_capacity = 256;
    breaker->word = malloc((size_t)breaker->word_capacity * sizeof(UChar));
    breaker->scratch = malloc((size_t)breaker->scratch_capacity * sizeof(UChar));
    breaker->utf8 = malloc((size_t)breaker->utf8_capacity);
    if (U_FAILURE(status) || !breaker->iterator || !breaker->word || !breaker->scratch || !breaker->utf8) {
        *status_out = U_FAILURE(status) ? (int)status : -1;
        codd_icu_wordbreaker_close(breaker);
        return NULL;
    }
    *status_out = 0;
    return breaker;
}

void codd_icu_wordbreaker_close(codd_icu_wordbreaker *breaker) {
    if (!breaker) return;
    if (breaker->iterator) ubrk_close(breaker->iterator);
    free(breaker->utf16);
    free(breaker->offsets);
    free(breaker->word);
    free(breaker->scratch);
    free(breaker->utf8);
    free(breaker);
}

/// Grows the UTF-16 text and offset buffers to hold `needed` units.
static int reserve_text(codd_icu_wordbreaker *breaker, int32_t needed) {
    if (needed <= breaker->text_capacity) return 0;
    int32_t grown = needed + needed / 2 + 16;
    UChar *utf16 = realloc(breaker->utf16, (size_t)grown * sizeof(UChar));
    if (!utf16) return -1;
    breaker->utf16 = utf16;
    int32_t *offsets = realloc(breaker->offsets, (size_t)grown * sizeof(int32_t));
    if (!offsets) return -1;
    breaker->offsets = offsets;
    breaker->text_capacity = grown;
    return 0;
}

int codd_icu_wordbreaker_tokenize(
    codd_icu_wordbreaker *breaker, const char *text, int length, int options,
    void *context, codd_icu_word_callback callback
) {
    UErrorCode status = U_ZERO_ERROR;
    // A UTF-8 byte is at most one UTF-16 unit; one more for the end offset.
    if (length < 0 || reserve_text(breaker, length + 1) != 0) return -1;
    UChar *utf16 = breaker->utf16;
    int32_t *offsets = breaker->offsets;

    int32_t units = 0;
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0) c = 0xFFFD;
        if (U_IS_BMP(c)) {
            offsets[units] = start;
            utf16[units++] = (UChar)c;
        } else {
            offsets[units] = start;
            utf16[units++] = U16_LEAD(c);
            offsets[units] = start;
            utf16[units++] = U16_TRAIL(c);
        }
    }
    offsets[units] = length;

    ubrk_setText(breaker->iterator, utf16, units, &status);
    if (U_FAILURE(status)) return -1;
    UBreakIterator *iterator = breaker->iterator;
    int32_t start = ubrk_first(iterator);
    for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; start = end, end = ubrk_next(iterator)) {
        // Rule status below UBRK_WORD_NONE_LIMIT: spaces and punctuation, not words.
        if (ubrk_getRuleStatus(iterator) < UBRK_WORD_NONE_LIMIT) continue;
        int32_t word_length = end - start;
        if (reserve(&breaker->word, &breaker->word_capacity, word_length * 3 + 1) != 0) return -1;
        if (options & CODD_ICU_FOLD_CASE) {
            status = U_ZERO_ERROR;
            word_length = u_strFoldCase(breaker->word, breaker->word_capacity, utf16 + start, end - start, U_FOLD_CASE_DEFAULT, &status);
            if (U_FAILURE(status)) return -1;
        } else {
            memcpy(breaker->word, utf16 + start, (size_t)word_length * sizeof(UChar));
        }
        if (options & CODD_ICU_REMOVE_DIACRITICS) {
            if (remove_diacritics(&breaker->word, &word_length, &breaker->word_capacity, &breaker->scratch, &breaker->scratch_capacity) != 0) {
                return -1;
            }
        }
        if (word_length == 0) continue;
        int32_t utf8_length = 0;
        status = U_ZERO_ERROR;
        u_strToUTF8(breaker->utf8, breaker->utf8_capacity, &utf8_length, breaker->word, word_length, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR || utf8_length >= breaker->utf8_capacity) {
            char *grown = realloc(breaker->utf8, (size_t)utf8_length + 1);
            if (!grown) return -1;
            breaker->utf8 = grown;
            breaker->utf8_capacity = utf8_length + 1;
            status = U_ZERO_ERROR;
            u_strToUTF8(breaker->utf8, breaker->utf8_capacity, &utf8_length, breaker->word, word_length, &status);
        }
        if (U_FAILURE(status)) return -1;
        int result = callback(context, breaker->utf8, utf8_length, offsets[start], offsets[end]);
        if (result != 0) return result;
    }
    return 0;
}

int codd_icu_wordbreak_tokenize(
    const char *locale, const char *text, int length, int options,
    void *context, codd_icu_word_callback callback
) {
    int status = 0;
    codd_icu_wordbreaker *breaker = codd_icu_wordbreaker_open(locale, &status);
    if (!breaker) return -1;
    int result = codd_icu_wordbreaker_tokenize(breaker, text, length, options, context, callback);
    codd_icu_wordbreaker_close(breaker);
    return result;
}

#else

struct codd_icu_wordbreaker { int unused; };
codd_icu_wordbreaker *codd_icu_wordbreaker_open(const char *locale, int *status) { (void)locale; *status = -1; return NULL; }
void codd_icu_wordbreaker_close(codd_icu_wordbreaker *breaker) { (void)breaker; }
int codd_icu_wordbreaker_tokenize(
    codd_icu_wordbreaker *breaker, const char *text, int length, int options,
    void *context, codd_icu_word_callback callback
) {
    (void)breaker; (void)text; (void)length; (void)options; (void)context; (void)callback;
    return -1;
}
int codd_icu_wordbreak_available(void) { return 0; }
int codd_icu_wordbreak_check_locale(const char *locale) { (void)locale; return -1; }
int codd_icu_wordbreak_tokenize(
    const char *locale, const char *text, int length, int options,
    void *context, codd_icu_word_callback callback
) {
    (void)locale; (void)text; (void)length; (void)options; (void)context; (void)callback;
    return -1;
}

#endif

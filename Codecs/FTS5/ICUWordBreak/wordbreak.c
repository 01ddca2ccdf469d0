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

int codd_icu_wordbreak_tokenize(
    const char *locale, const char *text, int length, int options,
    void *context, codd_icu_word_callback callback
) {
    int result = 0;
    UErrorCode status = U_ZERO_ERROR;
    // UTF-16 text, and for each UTF-16 unit the byte offset it starts at in `text`.
    UChar *utf16 = malloc(((size_t)length + 1) * sizeof(UChar));
    int32_t *offsets = malloc(((size_t)length + 1) * sizeof(int32_t));
    int32_t word_capacity = 64, scratch_capacity = 64;
    UChar *word = malloc((size_t)word_capacity * sizeof(UChar));
    UChar *scratch = malloc((size_t)scratch_capacity * sizeof(UChar));
    int32_t utf8_capacity = 256;
    char *utf8 = malloc((size_t)utf8_capacity);
    UBreakIterator *iterator = NULL;
    if (!utf16 || !offsets || !word || !scratch || !utf8) { result = -1; goto done; }

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

    iterator = ubrk_open(UBRK_WORD, locale, utf16, units, &status);
    if (U_FAILURE(status)) { result = -1; goto done; }
    int32_t start = ubrk_first(iterator);
    for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; start = end, end = ubrk_next(iterator)) {
        // Rule status below UBRK_WORD_NONE_LIMIT: spaces and punctuation, not words.
        if (ubrk_getRuleStatus(iterator) < UBRK_WORD_NONE_LIMIT) continue;
        int32_t word_length = end - start;
        if (reserve(&word, &word_capacity, word_length * 3 + 1) != 0) { result = -1; goto done; }
        if (options & CODD_ICU_FOLD_CASE) {
            status = U_ZERO_ERROR;
            word_length = u_strFoldCase(word, word_capacity, utf16 + start, end - start, U_FOLD_CASE_DEFAULT, &status);
            if (U_FAILURE(status)) { result = -1; goto done; }
        } else {
            memcpy(word, utf16 + start, (size_t)word_length * sizeof(UChar));
        }
        if (options & CODD_ICU_REMOVE_DIACRITICS) {
            if (remove_diacritics(&word, &word_length, &word_capacity, &scratch, &scratch_capacity) != 0) {
                result = -1;
                goto done;
            }
        }
        if (word_length == 0) continue;
        int32_t utf8_length = 0;
        status = U_ZERO_ERROR;
        u_strToUTF8(utf8, utf8_capacity, &utf8_length, word, word_length, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR || utf8_length >= utf8_capacity) {
            char *grown = realloc(utf8, (size_t)utf8_length + 1);
            if (!grown) { result = -1; goto done; }
            utf8 = grown;
            utf8_capacity = utf8_length + 1;
            status = U_ZERO_ERROR;
            u_strToUTF8(utf8, utf8_capacity, &utf8_length, word, word_length, &status);
        }
        if (U_FAILURE(status)) { result = -1; goto done; }
        result = callback(context, utf8, utf8_length, offsets[start], offsets[end]);
        if (result != 0) goto done;
    }

done:
    if (iterator) ubrk_close(iterator);
    free(utf16);
    free(offsets);
    free(word);
    free(scratch);
    free(utf8);
    return result;
}

#else

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

#include "CICUCollation.h"

#include <stdlib.h>
#include <string.h>

#if __has_include(<unicode/ucol.h>)
#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/utypes.h>

int codd_icu_collation_available(void) { return 1; }

struct codd_icu_collator {
    UCollator *collator;
};

/// Whether ICU has data for the language of `locale` ("" and "root" and "und" are the root).
static int language_known(const char *locale) {
    char language[ULOC_LANG_CAPACITY];
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = uloc_getLanguage(locale, language, ULOC_LANG_CAPACITY, &error);
    if (U_FAILURE(error)) return 0;
    if (length == 0 || strcmp(language, "root") == 0 || strcmp(language, "und") == 0) return 1;
    int32_t count = uloc_countAvailable();
    for (int32_t index = 0; index < count; index++) {
        const char *available = uloc_getAvailable(index);
        if (strncmp(available, language, (size_t)length) == 0 && (available[length] == '\0' || available[length] == '_')) return 1;
    }
    return 0;
}

codd_icu_collator *codd_icu_collator_open(const char *locale, int strength, int numeric, int *status) {
    UErrorCode error = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &error);
    if (U_FAILURE(error) || collator == NULL) {
        *status = (int)error;
        return NULL;
    }
    // ICU answers the root order for a language it knows but has no tailoring for (French
    // and German sort by the root order) and, silently, for a language it does not know:
    // refuse the second.
    if (error == U_USING_DEFAULT_WARNING && !language_known(locale)) {
        ucol_close(collator);
        *status = (int)U_USING_DEFAULT_WARNING;
        return NULL;
    }
    UColAttributeValue strengths[] = {UCOL_PRIMARY, UCOL_SECONDARY, UCOL_TERTIARY, UCOL_QUATERNARY, UCOL_IDENTICAL};
    if (strength >= 1 && strength <= 5) ucol_setStrength(collator, strengths[strength - 1]);
    error = U_ZERO_ERROR;
    ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, numeric ? UCOL_ON : UCOL_OFF, &error);
    if (U_FAILURE(error)) {
        ucol_close(collator);
        *status = (int)error;
        return NULL;
    }
    codd_icu_collator *result = malloc(sizeof(codd_icu_collator));
    if (!result) {
        ucol_close(collator);
        *status = -1;
        return NULL;
    }
    result->collator = collator;
    *status = 0;
    return result;
}

int codd_icu_collator_compare(codd_icu_collator *collator, const char *lhs, int lhs_length, const char *rhs, int rhs_length) {
    // SQLite may hand an empty text as NULL; ICU takes NULL only with a length of 0.
    if (!lhs) lhs_length = 0, lhs = "";
    if (!rhs) rhs_length = 0, rhs = "";
    UErrorCode error = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8(collator->collator, lhs, lhs_length, rhs, rhs_length, &error);
    if (U_SUCCESS(error)) return result == UCOL_LESS ? -1 : result == UCOL_GREATER ? 1 : 0;
    int shorter = lhs_length < rhs_length ? lhs_length : rhs_length;
    int bytes = shorter > 0 ? memcmp(lhs, rhs, (size_t)shorter) : 0;
    if (bytes != 0) return bytes < 0 ? -1 : 1;
    return lhs_length == rhs_length ? 0 : (lhs_length < rhs_length ? -1 : 1);
}

void codd_icu_collator_close(codd_icu_collator *collator) {
    if (!collator) return;
    ucol_close(collator->collator);
    free(collator);
}

const char *codd_icu_error_name(int status) { return u_errorName((UErrorCode)status); }

#else

int codd_icu_collation_available(void) { return 0; }

codd_icu_collator *codd_icu_collator_open(const char *locale, int strength, int numeric, int *status) {
    (void)locale;
    (void)strength;
    (void)numeric;
    *status = -1;
    return NULL;
}

int codd_icu_collator_compare(codd_icu_collator *collator, const char *lhs, int lhs_length, const char *rhs, int rhs_length) {
    (void)collator;
    int shorter = lhs_length < rhs_length ? lhs_length : rhs_length;
    int bytes = shorter > 0 ? memcmp(lhs, rhs, (size_t)shorter) : 0;
    if (bytes != 0) return bytes < 0 ? -1 : 1;
    return lhs_length == rhs_length ? 0 : (lhs_length < rhs_length ? -1 : 1);
}

void codd_icu_collator_close(codd_icu_collator *collator) { (void)collator; }

const char *codd_icu_error_name(int status) {
    (void)status;
    return "ICU unavailable";
}

#endif

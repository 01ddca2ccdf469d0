#pragma once
int codd_icu_placeholder(void);

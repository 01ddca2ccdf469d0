#include "CICUWordBreak.h"
int codd_icu_placeholder(void){return 0;}

// glibc's malloc tuning (mallopt), used by ForgedKit's MallocTuning.
#pragma once
#include <malloc.h>

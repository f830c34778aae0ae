#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/geom.h"

static void test_within(void **state)
{
	(void)state;
	assert_true(geom_within(0, 0, 3, 4, 5));
	assert_false(geom_within(0, 0, 3, 4, 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_within),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* rng.c: PCG32 (XSH RR), O'Neill's minimal generator. */
#include "base/rng.h"

void rng_seed(struct rng *r, uint64_t seed)
{
	r->state = 0;
	r->inc = (0xda3e39cb94b95bdbULL << 1) | 1u;
	rng_next(r);
	r->state += seed;
	rng_next(r);
}

uint32_t rng_next(struct rng *r)
{
	uint64_t old = r->state;
	r->state = old * 6364136223846793005ULL + r->inc;
	uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
	uint32_t rot = (uint32_t)(old >> 59u);
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

int rng_die(struct rng *r, int sides)
{
	if (sides <= 1)
		return 1;
	uint32_t bound = (uint32_t)sides;
	uint32_t threshold = (0u - bound) % bound;
	for (;;) {
		uint32_t v = rng_next(r);
		if (v >= threshold)
			return (int)(v % bound) + 1;
	}
}

// The back-office checkout's setup shared by bench/checkout.bench.mjs and bench/docs-delay.bench.mjs:
// the signed-in member's cart and the demo walk's 10:00 starts with places, a day further out once
// one is full.
export const plusDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
export const json = async (res, expected) => {
  if (res.status !== expected) throw new Error(`${res.status} ${res.body}`);
  return JSON.parse(res.body);
};

/** `nextLine()` finds the start (not timed) and answers the request that adds 1 adult to the cart. */
export const demoWalkCart = async ({ http, origin }, headers) => {
  const offers = await json(await http('/api/experiences/?search=Lisbon%20Old%20Town&page_size=5', { headers }), 200);
  const tour = offers.results[0];
  const [y, m] = plusDays(1).split('-').map(Number);
  const config = await json(await http(`/api/bookings/config/?experience_id=${tour.id}&month=${m}&year=${y}`, { headers }), 200);
  const rate = config.rates[0];
  const adult = rate.prices[0].pricing_category_id;
  const cart = await json(await http('/api/cart/', { headers }), 200);
  const questions = await json(await http(`/api/booking-questions/?experience=${tour.id}`, { headers }), 200);
  const answers = questions.results.map((q) => ({ question_id: q.id, answer: q.options[0] ?? 'Yes' }));
  let ahead = 2;
  const nextStart = async () => {
    for (;;) {
      ahead += 1;
      const day = plusDays(ahead);
      const res = await json(
        await http(`/api/bookings/check-availability/?experience_id=${tour.id}&date_from=${day}`, { headers }),
        200,
      );
      const found = res.results.find((s) => s.time === '10:00' && s.bookable && (s.available ?? 1) > 0);
      if (found) return { id: found.id, left: found.available ?? Number.POSITIVE_INFINITY };
    }
  };
  let slot = { id: null, left: 0 };
  const nextLine = async () => {
    if (slot.left < 1) slot = await nextStart();
    slot.left -= 1;
    const body = JSON.stringify({
      experience_id: tour.id,
      rate_id: rate.id,
      availability_id: slot.id,
      units: [{ pricing_category_id: adult, quantity: 1 }],
      answers,
    });
    return () => http(`/api/cart/${cart.id}/lines/`, { method: 'POST', headers: { ...headers, origin }, body });
  };
  return { cart, nextLine };
};

import { SimpleGrid } from '@mantine/core';
import { useGetCartQuery } from '../../../lib/api/cart.api.ts';
import { BookingPicker } from '../components/booking-picker.tsx';
import { CartPanel } from '../components/cart-panel.tsx';

/**
 * `/bookings/checkout-editor`: a phone booking in the back office. The left side puts one booking
 * together and holds its places; the right side is the cart (server-side, one per team member) that
 * becomes the order.
 */
export const CheckoutPage = () => {
  const cart = useGetCartQuery();
  return (
    // Side by side when the content area is wide enough (a container query: the sidebar may be open or not).
    <div style={{ containerType: 'inline-size' }}>
      <SimpleGrid type="container" cols={{ base: 1, '920px': 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <BookingPicker cartId={cart.data?.id ?? null} />
        <CartPanel cart={cart.data} />
      </SimpleGrid>
    </div>
  );
};

/** What other features may use from the cart feature. */
export { addToCart, type CartAddItem } from './api/add-to-cart';
export { CART_QUERY_KEY, cartQuery } from './api/cart-api';
export { cartTotal, lineAmount, orderableCart } from './cart-lines';
export { AddFromCard } from './components/add-from-card';
export { useCartCount } from './components/cart-count';

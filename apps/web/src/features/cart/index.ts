/** What other features may use from the cart feature. */
export { addToCart, type CartAddItem } from './api/add-to-cart';

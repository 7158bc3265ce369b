import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buyerTexts } from '@kshop/contract';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';

/**
 * Every text the storefront spec quotes (../shared/spec/storefront-spec.md, sections 2 to 9: labels, headings,
 * alerts and messages), copied word for word. The storefront shows each of them in English exactly so: from its
 * catalogue (a component's own words) or from the contract (the spec's messages). An English text edited away from
 * the spec's no longer matches here.
 */
const SPEC_TEXTS = [
  'A temporary password has been sent to your email.',
  'Account deleted successfully.',
  'Add Address',
  'Added to Cart!',
  'Address',
  'Address added successfully!',
  'Address deleted successfully.',
  'Address updated successfully!',
  'Are you sure you want to delete this address?',
  'Are you sure you want to delete your account?',
  'Assigning a person in charge',
  'Back to Login',
  'CREATE ACCOUNT',
  'Default',
  'Delivery',
  'Do you want to place the order?',
  'Edit Address',
  'Failed to add address. Please try again.',
  'Failed to add product to cart. Please try again.',
  'Failed to delete account. Please try again.',
  'Failed to delete address. Please try again.',
  'Failed to download file. Please try again.',
  'Failed to fetch cart items. Please try again.',
  'Failed to place order. Please try again.',
  'Failed to remove item. Please try again.',
  'Failed to update address. Please try again.',
  'Failed to update profile. Please try again.',
  'Forgot your password?',
  'Invalid email verification code.',
  'LOGGING IN...',
  'Loading...',
  'Login failed',
  'MUST READ AND AGREE BEFORE PURCHASE',
  'Members Only',
  'My info',
  'No orders found.',
  'No saved addresses.',
  'Order has been placed successfully.',
  'Password has been changed successfully. Please log in again.',
  'Please fill in the following fields:',
  'Please log in to access My Account.',
  'Please log in to access Order Detail.',
  'Please log in to add items to your cart.',
  'Please select product options before adding to cart.',
  'Product Information',
  'Product is already in cart',
  'Profile updated successfully!',
  'Select / Add Address',
  'Select Address',
  'Set as default address',
  'Sign up successful! Please log in.',
  'Some item quantities were adjusted due to stock limits.',
  'Temporary password issued successfully.',
  'The user already exists',
  'The user already exists.',
  'Unauthorized',
  'User not found.',
  'User not found. Please check your email address.',
  'Wrong code',
  'You may also like',
  'Your account is pending approval.',
  'Your account is pending approval. Please contact support.',
  'Your cart is empty',
  'allowed file type: jpg, jpeg, png, gif, webp, svg, pdf, mp4, mov, avi, wmv, flv, webm',
  'check your Id or Password',
  'content must be between 1 and 20000 characters.',
  'email must be between 3 and 100 characters.',
  'file upload failed. Please try again.',
  'password must be 8-40 characters long.',
  'password must include letters, numbers, and special characters.',
  'phone number must be between 7 and 20 characters.',
  'please enter a valid email address.',
  'please enter your business registration number.',
  'please enter your company name.',
  'please enter your email.',
  'please enter your phone number.',
  'please enter your representative name.',
  'sold out',
  'you must agree to the terms of service.',
  'your inquiry has been submitted successfully.',
];

function stringsOf(value: unknown, into: Set<string>) {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
}

describe("the storefront's English is the spec's", () => {
  it('shows every text the spec quotes, word for word', async () => {
    const file = path.join(import.meta.dirname, 'en', 'messages.po');
    const catalogue = await formatter().parse(readFileSync(file, 'utf8'), {
      locale: 'en',
      sourceLocale: 'en',
      filename: file,
    });
    const english = new Set<string>();
    for (const [id, entry] of Object.entries(catalogue ?? {})) english.add(entry.message ?? id);
    stringsOf(buyerTexts, english);
    expect(SPEC_TEXTS.length).toBeGreaterThan(70);
    expect(SPEC_TEXTS.filter((text) => !english.has(text))).toEqual([]);
  });
});

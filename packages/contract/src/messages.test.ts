import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';

// Each expected text is copied from the storefront spec (sections 2, 5, 6 and 8); the UI must show them verbatim.
describe('messages named by the spec', () => {
  it.each([
    ['membersOnly', messages.membersOnly, 'Members Only'],
    ['contact.emailRequired', messages.contact.emailRequired, 'please enter your email.'],
    ['contact.emailLength', messages.contact.emailLength, 'email must be between 3 and 100 characters.'],
    ['contact.emailPattern', messages.contact.emailPattern, 'please enter a valid email address.'],
    ['contact.companyNameRequired', messages.contact.companyNameRequired, 'please enter your company name.'],
    [
      'contact.representativeNameRequired',
      messages.contact.representativeNameRequired,
      'please enter your representative name.',
    ],
    [
      'contact.businessRegistrationNumberRequired',
      messages.contact.businessRegistrationNumberRequired,
      'please enter your business registration number.',
    ],
    ['contact.phoneRequired', messages.contact.phoneRequired, 'please enter your phone number.'],
    [
      'contact.phoneLength',
      messages.contact.phoneLength,
      'phone number must be between 7 and 20 characters.',
    ],
    [
      'contact.contentLength',
      messages.contact.contentLength,
      'content must be between 1 and 20000 characters.',
    ],
    ['contact.termsRequired', messages.contact.termsRequired, 'you must agree to the terms of service.'],
    ['contact.success', messages.contact.success, 'your inquiry has been submitted successfully.'],
    ['login.invalid', messages.login.invalid, 'check your Id or Password'],
    ['login.failed', messages.login.failed, 'Login failed'],
    ['login.loggingIn', messages.login.loggingIn, 'LOGGING IN...'],
    ['password.length', messages.password.length, 'password must be 8-40 characters long.'],
    [
      'password.pattern',
      messages.password.pattern,
      'password must include letters, numbers, and special characters.',
    ],
    ['password.mismatch', messages.password.mismatch, 'passwords do not match'],
    [
      'password.changed',
      messages.password.changed,
      'Password has been changed successfully. Please log in again.',
    ],
    [
      'file.typeNotAllowed',
      messages.file.typeNotAllowed,
      'allowed file type: jpg, jpeg, png, gif, webp, svg, pdf, mp4, mov, avi, wmv, flv, webm',
    ],
    ['file.uploadFailed', messages.file.uploadFailed, 'file upload failed. Please try again.'],
    ['file.downloadFailed', messages.file.downloadFailed, 'Failed to download file. Please try again.'],
    ['address.addFailed', messages.address.addFailed, 'Failed to add address. Please try again.'],
    ['address.updateFailed', messages.address.updateFailed, 'Failed to update address. Please try again.'],
    ['address.added', messages.address.added, 'Address added successfully!'],
    ['address.updated', messages.address.updated, 'Address updated successfully!'],
    ['address.deleted', messages.address.deleted, 'Address deleted successfully.'],
    ['address.deleteFailed', messages.address.deleteFailed, 'Failed to delete address. Please try again.'],
    [
      'address.confirmDelete',
      messages.address.confirmDelete,
      'Are you sure you want to delete this address?',
    ],
    ['address.empty', messages.address.empty, 'No saved addresses.'],
    ['order.fillIn', messages.order.fillIn, 'Please fill in the following fields:'],
    ['order.companyNameRequired', messages.order.companyNameRequired, 'Company Name is required'],
    ['order.receiverEmailRequired', messages.order.receiverEmailRequired, 'Receiver email is required'],
    ['order.receiverNameRequired', messages.order.receiverNameRequired, 'Receiver Name is required'],
    ['order.phoneRequired', messages.order.phoneRequired, 'Phone number is required'],
    ['order.addressRequired', messages.order.addressRequired, 'Address is required'],
    ['order.cartEmpty', messages.order.cartEmpty, 'Cart is empty'],
    [
      'order.businessRegistrationNumberRequired',
      messages.order.businessRegistrationNumberRequired,
      'Business registration number is required',
    ],
    ['order.confirmPlace', messages.order.confirmPlace, 'Do you want to place the order?'],
    ['order.placed', messages.order.placed, 'Order has been placed successfully.'],
    ['order.failed', messages.order.failed, 'Failed to place order. Please try again.'],
    ['order.assigning', messages.order.assigning, 'Assigning a person in charge'],
    ['order.noOrders', messages.order.noOrders, 'No orders found.'],
    ['cart.empty', messages.cart.empty, 'Your cart is empty'],
    ['cart.fetchFailed', messages.cart.fetchFailed, 'Failed to fetch cart items. Please try again.'],
    ['cart.removeFailed', messages.cart.removeFailed, 'Failed to remove item. Please try again.'],
    ['cart.adjusted', messages.cart.adjusted, 'Some item quantities were adjusted due to stock limits.'],
    ['cart.alreadyInCart', messages.cart.alreadyInCart, 'Product is already in cart'],
    ['cart.loginToAdd', messages.cart.loginToAdd, 'Please log in to add items to your cart.'],
    ['cart.addFailed', messages.cart.addFailed, 'Failed to add product to cart. Please try again.'],
    ['cart.added', messages.cart.added, 'Added to Cart!'],
    [
      'cart.selectOptions',
      messages.cart.selectOptions,
      'Please select product options before adding to cart.',
    ],
    ['tempPassword.issued', messages.tempPassword.issued, 'Temporary password issued successfully.'],
    ['tempPassword.userNotFound', messages.tempPassword.userNotFound, 'User not found.'],
    [
      'tempPassword.userNotFoundAlert',
      messages.tempPassword.userNotFoundAlert,
      'User not found. Please check your email address.',
    ],
    [
      'tempPassword.sentAlert',
      messages.tempPassword.sentAlert,
      'A temporary password has been sent to your email.',
    ],
    ['account.pendingApproval', messages.account.pendingApproval, 'Your account is pending approval.'],
    [
      'account.pendingApprovalAlert',
      messages.account.pendingApprovalAlert,
      'Your account is pending approval. Please contact support.',
    ],
    [
      'account.reauthenticate',
      messages.account.reauthenticate,
      'If you want to change your account information, you need to authenticate yourself.',
    ],
    ['account.profileUpdated', messages.account.profileUpdated, 'Profile updated successfully!'],
    [
      'account.profileUpdateFailed',
      messages.account.profileUpdateFailed,
      'Failed to update profile. Please try again.',
    ],
    [
      'account.confirmDelete',
      messages.account.confirmDelete,
      'Are you sure you want to delete your account?',
    ],
    ['account.deleted', messages.account.deleted, 'Account deleted successfully.'],
    ['account.deleteFailed', messages.account.deleteFailed, 'Failed to delete account. Please try again.'],
    ['account.loginForMyAccount', messages.account.loginForMyAccount, 'Please log in to access My Account.'],
    [
      'account.loginForOrderDetail',
      messages.account.loginForOrderDetail,
      'Please log in to access Order Detail.',
    ],
    ['signup.userExists', messages.signup.userExists, 'The user already exists'],
    ['signup.userExistsAlert', messages.signup.userExistsAlert, 'The user already exists.'],
    ['signup.wrongCode', messages.signup.wrongCode, 'Wrong code'],
    ['signup.invalidCode', messages.signup.invalidCode, 'Invalid email verification code.'],
    ['signup.codeExpired', messages.signup.codeExpired, 'The code has expired. Please send a new code.'],
    ['signup.success', messages.signup.success, 'Sign up successful! Please log in.'],
    ['http.unauthorized', messages.http.unauthorized, 'Unauthorized'],
    ['productDetail.mustRead', messages.productDetail.mustRead, 'MUST READ AND AGREE BEFORE PURCHASE'],
  ])('%s', (_path, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('fills the quantity limits into their sentences', () => {
    expect(messages.cart.minimum(5)).toBe('Minimum order quantity is 5');
    expect(messages.cart.maximum(12)).toBe('Maximum available quantity is 12');
  });

  it('names the excluded password characters in the hint', () => {
    for (const c of ['\\', "'", '"', '|', '~', '`']) expect(messages.password.hint).toContain(c);
  });

  it('covers the four purchase disclaimers', () => {
    const text = messages.productDetail.disclaimers.join(' ').toLowerCase();
    expect(messages.productDetail.disclaimers).toHaveLength(4);
    expect(text).toContain('images may differ');
    expect(text).toMatch(/size and composition .* may change/);
    expect(text).toMatch(/paper products .* cannot be exchanged or refunded/);
    expect(text).toMatch(/outer box .* not a reason for a refund/);
    expect(messages.productDetail.unboxingTip.toLowerCase()).toContain('unboxing');
  });

  it('asks for Korean, Chinese or English addresses in the address notice', () => {
    expect(messages.address.notice).toMatch(/Korean .* Korea/);
    expect(messages.address.notice).toMatch(/Chinese .* China and Taiwan/);
    expect(messages.address.notice).toMatch(/English/);
    expect(messages.address.notice).toMatch(/not responsible for delivery problems/);
  });
});

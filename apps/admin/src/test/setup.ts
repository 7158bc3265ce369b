import '@kshop/ui/test/setup';

// jsdom has no layout: the screen's scroll-to-top on navigation has nothing to do.
window.scrollTo = () => {};

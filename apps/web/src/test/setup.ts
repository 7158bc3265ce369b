import '@kshop/ui/test/setup';

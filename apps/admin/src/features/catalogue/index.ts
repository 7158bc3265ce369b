export { AllocationPage } from './routes/allocation-page';
export { CategoriesPage } from './routes/categories-page';
export { LabelDemandPage } from './routes/label-demand-page';
export { ProductEditPage } from './routes/product-edit-page';
export { ProductListPage } from './routes/product-list-page';
export { ReleaseWeekPage } from './routes/release-week-page';

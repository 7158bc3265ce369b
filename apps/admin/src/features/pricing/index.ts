export { BuyerPriceGroup } from './components/buyer-price-group';
export { VolumeTiersEditor } from './components/volume-tiers-editor';
export { PriceGroupsPage } from './routes/price-groups-page';

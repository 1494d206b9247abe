export { PaymentList } from './PaymentList.tsx';

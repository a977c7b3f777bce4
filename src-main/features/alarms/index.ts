export { createMoneyAlarms, type MoneyAlarms, type MoneyAlarmsDeps } from './money-alarms';

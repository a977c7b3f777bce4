// The same files as en/index.ts: typing the whole as a Catalogue makes a missing key a compile error.
import type { Catalogue } from '../catalogues';
import addressBook from './addressBook.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import home from './home.json' with { type: 'json' };
import receive from './receive.json' with { type: 'json' };
import send from './send.json' with { type: 'json' };
import swap from './swap.json' with { type: 'json' };
import notices from './notices.json' with { type: 'json' };
import menu from './menu.json' with { type: 'json' };
import signInPage from './signInPage.json' with { type: 'json' };
import mainAuth from './mainAuth.json' with { type: 'json' };
import paymentRequests from './paymentRequests.json' with { type: 'json' };
import mainMoney from './mainMoney.json' with { type: 'json' };
import mainSend from './mainSend.json' with { type: 'json' };
import mainSwap from './mainSwap.json' with { type: 'json' };
import payouts from './payouts.json' with { type: 'json' };
import settings from './settings.json' with { type: 'json' };
import shell from './shell.json' with { type: 'json' };
import history from './history.json' with { type: 'json' };
import mainHistory from './mainHistory.json' with { type: 'json' };
import merchant from './merchant.json' with { type: 'json' };
import withdraw from './withdraw.json' with { type: 'json' };
import money from './money.json' with { type: 'json' };
import pictures from './pictures.json' with { type: 'json' };
import session from './session.json' with { type: 'json' };
import updates from './updates.json' with { type: 'json' };
import environments from './environments.json' with { type: 'json' };
import mainService from './mainService.json' with { type: 'json' };
import mainSession from './mainSession.json' with { type: 'json' };
import mainApp from './mainApp.json' with { type: 'json' };
import mainFeatures from './mainFeatures.json' with { type: 'json' };
import mainMerchant from './mainMerchant.json' with { type: 'json' };
import mainPayouts from './mainPayouts.json' with { type: 'json' };
import mainWithdraw from './mainWithdraw.json' with { type: 'json' };
import inputIssues from './inputIssues.json' with { type: 'json' };

export const de: Catalogue = {
  ...common,
  ...home,
  ...send,
  ...swap,
  ...receive,
  ...addressBook,
  ...notices,
  ...menu,
  ...signInPage,
  ...mainAuth,
  ...paymentRequests,
  ...mainMoney,
  ...mainSend,
  ...mainSwap,
  ...payouts,
  ...shell,
  ...settings,
  ...history,
  ...mainHistory,
  ...merchant,
  ...withdraw,
  ...money,
  ...pictures,
  ...session,
  ...updates,
  ...environments,
  ...mainService,
  ...mainSession,
  ...mainApp,
  ...mainFeatures,
  ...mainMerchant,
  ...mainPayouts,
  ...mainWithdraw,
  ...inputIssues,
};

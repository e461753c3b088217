import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { requestMobilePayment } from './mobile-payments';
import { rechargeByCard } from './recharge-card';
import { transferBalance } from './transfer';
import { lookupTransferRecipient } from './transfer-recipient';
import { walletPage } from './wallet-service';

export const walletRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.getWallet, async (request) =>
      walletPage(ctx.db, await request.requireUser(), request.query),
    );

    serve(app, endpoints.transferBalance, async (request) =>
      transferBalance(ctx.db, await request.requireUser(), request.body),
    );

    serve(app, endpoints.lookupTransferRecipient, async (request) =>
      lookupTransferRecipient(ctx.db, await request.requireUser(), request.body, request.ip),
    );

    serve(app, endpoints.rechargeCard, async (request) => {
      const user = await request.requireUser();
      return rechargeByCard(ctx.db, user.id, request.body.code);
    });

    serve(app, endpoints.rechargeMobileWallet, async (request) =>
      requestMobilePayment(ctx, await request.requireUser(), request),
    );
  };

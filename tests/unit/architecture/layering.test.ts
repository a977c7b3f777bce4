import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  // The fixtures are files no tsconfig holds, so the type-aware rules (which need the file in a project) are
  // off here; these tests are about the layering rules, which read the syntax alone.
  eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });
});

/** Lints a fixture as if it were the file at `filePath`, and returns the ids of the rules that fired. */
async function rulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`fixture did not parse: ${fatal.message}`);
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? 'unknown');
}

// The first lint loads ESLint's whole configuration and parsers; on a busy two-core machine that alone can
// pass the default 20 s. The limit is there to catch a hang, not to judge the machine's speed.
describe('layering rules (eslint.config.js)', { timeout: 120_000 }, () => {
  describe('src-renderer never imports electron or Node', () => {
    it.each([
      "import { ipcRenderer } from 'electron';\nvoid ipcRenderer;",
      "import { shell } from 'electron';\nvoid shell;",
      "import { readFile } from 'node:fs/promises';\nvoid readFile;",
      "import { join } from 'path';\nvoid join;",
      "import { exec } from 'child_process';\nvoid exec;",
      "import { readFileSync } from 'fs';\nvoid readFileSync;",
      "import { promises } from 'fs/promises';\nvoid promises;",
      "import crypto from 'crypto';\nvoid crypto;",
    ])('refuses %s', async (code) => {
      expect(await rulesFired('src-renderer/src/screens/example.tsx', code)).toContain('no-restricted-imports');
    });

    it.each([
      "export async function f() { return import('electron'); }",
      "export async function f() { return import('node:os'); }",
      "export const fs = require('fs');",
    ])('refuses the dynamic form %s', async (code) => {
      expect(await rulesFired('src-renderer/src/screens/example.ts', code)).toContain('no-restricted-syntax');
    });

    it('also holds for the preload modules the renderer shares', async () => {
      expect(
        await rulesFired(
          'src-preload/contract/example.ts',
          "import { z } from 'zod';\nimport { createHash } from 'node:crypto';\nvoid z; void createHash;",
        ),
      ).toContain('no-restricted-imports');
      expect(
        await rulesFired('src-preload/bridge.ts', "import { ipcRenderer } from 'electron';\nvoid ipcRenderer;"),
      ).toContain('no-restricted-imports');
    });

    it('lets the renderer import its own modules and libraries', async () => {
      const code =
        "import { useState } from 'react';\nimport { wallet } from '../bridge';\nexport const f = () => [useState, wallet];\n";
      expect(await rulesFired('src-renderer/src/screens/example.tsx', code)).toEqual([]);
    });
  });

  describe('window.wallet is read in src-renderer/src/bridge.ts only', () => {
    it.each([
      'export const api = window.wallet;',
      "export const api = window['wallet'];",
      'export const api = globalThis.wallet;',
      'const { wallet } = window;\nexport const api = wallet;',
      'export const info = () => window.wallet?.app.info();',
    ])('refuses %s elsewhere in the renderer', async (code) => {
      expect(await rulesFired('src-renderer/src/stores/example.ts', code)).toContain('no-restricted-syntax');
    });

    it('allows it in bridge.ts', async () => {
      expect(await rulesFired('src-renderer/src/bridge.ts', 'export const api = window.wallet;')).toEqual([]);
    });
  });

  describe('electron stays out of the Electron-free main-process folders', () => {
    it.each([
      'src-main/features/send/example.ts',
      'src-main/service/example.ts',
      'src-main/auth/example.ts',
      'src-main/settings/example.ts',
      'src-main/keychain/example.ts',
      'src-main/logging/example.ts',
      'src-main/shell/example.ts',
      'src-main/app-core.ts',
    ])('refuses electron in %s', async (filePath) => {
      expect(await rulesFired(filePath, "import { shell } from 'electron';\nvoid shell;")).toContain(
        'no-restricted-imports',
      );
      expect(
        await rulesFired(filePath, "import type { BrowserWindow } from 'electron';\nexport type W = BrowserWindow;"),
      ).toContain('no-restricted-imports');
      expect(await rulesFired(filePath, "export const load = () => import('electron');")).toContain(
        'no-restricted-syntax',
      );
    });

    it('lets those folders use Node', async () => {
      expect(
        await rulesFired(
          'src-main/features/send/example.ts',
          "import { randomUUID } from 'node:crypto';\nvoid randomUUID;",
        ),
      ).toEqual([]);
    });

    it('lets the shell files use electron', async () => {
      expect(
        await rulesFired('src-main/window.ts', "import { BrowserWindow } from 'electron';\nvoid BrowserWindow;"),
      ).toEqual([]);
    });
  });

  describe("a feature never imports another feature's files, only its index or the shared folders", () => {
    it.each([
      "import { findInHistory } from '../send/send-service';",
      "import { rowVerdict } from '../swap/find-swap';",
      "import type { SessionService } from '../session/session-service';",
      "import { requireApiUrl } from '../merchant/merchant-keys';",
      "import { createSendService } from '../../features/send/send-service';",
      "import type { SendBody } from '../send/send-body';",
      "import { x } from '../moneybox/x';",
    ])('refuses %s', async (line) => {
      const fired = await rulesFired('src-main/features/swap/example.ts', `${line}\nexport const keep = 1;\n`);
      expect(fired).toContain('no-restricted-imports');
    });

    it.each([
      "import type { SessionService } from '../session';",
      "import { createSendService } from '../send';",
      "import { nothingMovedCodes } from '../money/refusals';",
      "import { toServiceNumber } from '../../service/wire-amount';",
      "import { checkAddress } from '../addresses/validate-address';",
      "import { AppError } from '../../app-error';",
      "import type { InterfaceAClient } from '../../service/interface-a';",
      "import { SwapReview } from '../../../src-preload/contract/swap';",
      "import { swapBody } from './swap-body';",
    ])('allows %s', async (line) => {
      expect(await rulesFired('src-main/features/swap/example.ts', `${line}\nexport const keep = 1;\n`)).not.toContain(
        'no-restricted-imports',
      );
    });

    it('still refuses electron in a feature', async () => {
      expect(
        await rulesFired('src-main/features/money/example.ts', "import { shell } from 'electron';\nvoid shell;"),
      ).toContain('no-restricted-imports');
    });

    it('holds for the code that is there now', async () => {
      const results = await eslint.lintFiles(['src-main/features/**/*.ts']);
      const crossings = results.flatMap((result) =>
        result.messages
          .filter((message) => message.ruleId === 'no-restricted-imports')
          .map((message) => `${result.filePath}: ${message.message}`),
      );
      expect(crossings).toEqual([]);
    });
  });

  describe('src-main/service sits below the features and never imports them', () => {
    it.each([
      "import { requireTwoFactorCode } from '../features/money/two-factor-code';",
      "import type { SendBody } from '../features/send/send-body';",
      "import { createSendService } from '../features/send';",
      "export { toServiceNumber } from '../features/money/wire-amount';",
      "import { x } from '../../src-main/features/money/refusals';",
    ])('refuses %s', async (line) => {
      const fired = await rulesFired('src-main/service/interface-a.ts', `${line}\nexport const keep = 1;\n`);
      expect(fired).toContain('no-restricted-imports');
    });

    it('refuses the dynamic form', async () => {
      expect(
        await rulesFired('src-main/service/example.ts', "export const load = () => import('../features/send');"),
      ).toContain('no-restricted-syntax');
    });

    it.each([
      "import { requireTwoFactorCode } from './two-factor-code';",
      "import { AppError } from '../app-error';",
      "import type { Logger } from '../logging/logger';",
      "import { TwoFactorCode } from '../../src-preload/contract/money';",
    ])('allows %s', async (line) => {
      expect(await rulesFired('src-main/service/example.ts', `${line}\nexport const keep = 1;\n`)).not.toContain(
        'no-restricted-imports',
      );
    });

    it('still refuses electron there', async () => {
      expect(await rulesFired('src-main/service/example.ts', "import { net } from 'electron';\nvoid net;")).toContain(
        'no-restricted-imports',
      );
    });

    it('holds for the code that is there now', async () => {
      const results = await eslint.lintFiles(['src-main/service/**/*.ts']);
      expect(results.length).toBeGreaterThan(5);
      const crossings = results.flatMap((result) =>
        result.messages
          .filter((message) => message.ruleId?.startsWith('no-restricted-'))
          .map((message) => `${result.filePath}: ${message.message}`),
      );
      expect(crossings).toEqual([]);
    });
  });

  describe('ipcMain and ipcRenderer only in src-main/ipc.ts and src-preload/index.ts', () => {
    it.each([
      ['src-main/window.ts', 'ipcMain'],
      ['src-main/index.ts', 'ipcMain'],
      ['src-main/example.ts', 'ipcRenderer'],
      ['tests/unit/example.test.ts', 'ipcMain'],
    ])('refuses a direct import in %s', async (filePath, name) => {
      expect(await rulesFired(filePath, `import { ${name} } from 'electron';\nvoid ${name};`)).toContain(
        'no-restricted-imports',
      );
    });

    it('allows them where the contract is bound', async () => {
      expect(await rulesFired('src-main/ipc.ts', "import { ipcMain } from 'electron';\nvoid ipcMain;")).toEqual([]);
      expect(
        await rulesFired(
          'src-preload/index.ts',
          "import { contextBridge, ipcRenderer } from 'electron';\nvoid contextBridge; void ipcRenderer;",
        ),
      ).toEqual([]);
    });
  });

  it('refuses `any` everywhere', async () => {
    for (const filePath of [
      'src-main/example.ts',
      'src-renderer/src/example.ts',
      'tests/unit/example.test.ts',
      'sandbox/example.ts',
    ]) {
      expect(await rulesFired(filePath, 'export const value: any = 1;'), filePath).toContain(
        '@typescript-eslint/no-explicit-any',
      );
    }
  });

  it('checks the rules of hooks in the renderer', async () => {
    const code =
      "import { useState } from 'react';\nexport function View({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await rulesFired('src-renderer/src/example.tsx', code)).toContain('react-hooks/rules-of-hooks');
  });
});

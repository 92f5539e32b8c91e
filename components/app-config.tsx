'use client';

import { createContext, useContext, type ReactNode } from 'react';

/** Settings the server reads from its environment at run time and hands to the browser. */
export type AppConfig = {
  /** An opt-in public icon API, tried only when our own endpoint fails. */
  iconFallbackApi?: string;
  /** The id of the build this page came from, compared with /builds/latest.json. */
  buildId: string;
};

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({ value, children }: { value: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={value}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig needs <AppConfigProvider>');
  return config;
}

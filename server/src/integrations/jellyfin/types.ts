// The parts of Jellyfin's and Emby's answers we read (both serve the same MediaBrowser API:
// BaseItemDto, UserItemDataDto, UserDto, AuthenticationResult). Every field is optional: a
// server's answer is checked where it is read, never trusted.

export type MediaServerFlavour = 'jellyfin' | 'emby';

export interface SystemInfo {
  ServerName?: string;
  Id?: string;
  Version?: string;
}

export interface MediaServerUser {
  Id?: string;
  Name?: string;
  ServerId?: string;
  Policy?: { IsAdministrator?: boolean; IsDisabled?: boolean };
}

export interface AuthenticationResult {
  User?: MediaServerUser;
  AccessToken?: string;
  ServerId?: string;
}

export interface UserItemData {
  Played?: boolean;
  PlayCount?: number;
  IsFavorite?: boolean;
  LastPlayedDate?: string | null;
  /** The user's own rating, 0-10, null when none. */
  Rating?: number | null;
}

export interface MediaItem {
  Id?: string;
  Name?: string;
  OriginalTitle?: string;
  ServerId?: string;
  Type?: string;
  ProductionYear?: number;
  PremiereDate?: string;
  /** 100-nanosecond ticks. */
  RunTimeTicks?: number;
  /** Keys as the server writes them (Tmdb, Imdb, Tvdb), read case-insensitively. */
  ProviderIds?: Record<string, string>;
  UserData?: UserItemData;
}

export interface ItemsPage {
  Items?: MediaItem[];
  TotalRecordCount?: number;
}

import { Bell, Eye, Home, type LucideIcon, Package, PlusCircle, ShoppingBag, UserRound } from 'lucide-react';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

export const desktopNav: NavItem[] = [
  { href: '/', label: 'Dashboard', icon: Home },
  { href: '/store', label: 'Store', icon: ShoppingBag },
  { href: '/orders', label: 'Orders', icon: Package },
  { href: '/reminders', label: 'Reminders', icon: Bell },
  { href: '/watch-areas', label: 'Watch My Area', icon: Eye },
  { href: '/account', label: 'Account', icon: UserRound },
];

export const mobileNav: NavItem[] = [
  { href: '/', label: 'Home', icon: Home },
  { href: '/store', label: 'Store', icon: ShoppingBag },
  { href: '/add-pet', label: 'Add', icon: PlusCircle },
  { href: '/orders', label: 'Orders', icon: Package },
];

export const isActive = (href: string, location: string) =>
  href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);

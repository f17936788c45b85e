import {
  Activity, Anchor, ArrowDownToLine, ArrowLeftRight, BadgeInfo, BatteryCharging, BellRing, BookA, BookOpen, Bot, Boxes, Bug, Building, Building2,
  Calculator, CalendarCheck, CalendarClock, CalendarRange, Cctv, ChartBar, ChartColumn, ChartPie, ClipboardList, CloudSun, CloudUpload, Contact,
  ContactRound, Copy, Cpu, Droplets, EyeOff, FileClock, FileCog, FileText, FolderKanban, FunctionSquare, Gauge, HardHat, History, House, Images,
  Inbox, Joystick, KeyRound, LayoutGrid, Library, Link, ListChecks, ListTodo, ListTree, Lock, LogIn, Mail, MapPin, MapPinned, MessageSquare,
  Monitor, MonitorCog, MonitorDot, Move, MoveDiagonal, MoveDiagonal2, MoveHorizontal, Network, Package, Palette, Plug, Receipt, Route, Ruler,
  ScrollText, Send, Server, Settings, Shield, ShieldCheck, Signal, CardSim, Siren, SlidersHorizontal, Star, Tags, Thermometer, Timer, UserCog,
  UsersRound, Waves, Workflow, AlarmClock, Box, Cuboid, Circle, type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import type { MenuNode } from "@/lib/shell/menu";

/** The icon names the menu data uses (cloud/seed/menu-tree.ts); anything else gets a dot. */
const ICONS: Record<string, LucideIcon> = {
  activity: Activity, anchor: Anchor, "arrow-down-to-line": ArrowDownToLine, "arrow-left-right": ArrowLeftRight, "badge-info": BadgeInfo,
  "battery-charging": BatteryCharging, "bell-ring": BellRing, "book-a": BookA, "book-open": BookOpen, bot: Bot, boxes: Boxes, box: Box, bug: Bug,
  building: Building, "building-2": Building2, calculator: Calculator, "calendar-check": CalendarCheck, "calendar-clock": CalendarClock,
  "calendar-range": CalendarRange, cctv: Cctv, "chart-bar": ChartBar, "chart-column": ChartColumn, "chart-pie": ChartPie, "clipboard-list": ClipboardList,
  "cloud-sun": CloudSun, "cloud-upload": CloudUpload, contact: Contact, "contact-round": ContactRound, copy: Copy, cpu: Cpu, cuboid: Cuboid, droplets: Droplets,
  "eye-off": EyeOff, "file-clock": FileClock, "file-cog": FileCog, "file-text": FileText, "folder-kanban": FolderKanban, "function-square": FunctionSquare,
  gauge: Gauge, "hard-hat": HardHat, history: History, house: House, images: Images, inbox: Inbox, joystick: Joystick, "key-round": KeyRound,
  "layout-grid": LayoutGrid, library: Library, link: Link, "list-checks": ListChecks, "list-todo": ListTodo, "list-tree": ListTree, lock: Lock,
  "log-in": LogIn, mail: Mail, "map-pin": MapPin, "map-pinned": MapPinned, "message-square": MessageSquare, monitor: Monitor, "monitor-cog": MonitorCog,
  "monitor-dot": MonitorDot, move: Move, "move-diagonal": MoveDiagonal, "move-diagonal-2": MoveDiagonal2, "move-horizontal": MoveHorizontal,
  network: Network, package: Package, palette: Palette, plug: Plug, receipt: Receipt, route: Route, ruler: Ruler, "scroll-text": ScrollText, send: Send,
  server: Server, settings: Settings, shield: Shield, "shield-check": ShieldCheck, signal: Signal, "sim-card": CardSim, siren: Siren,
  "sliders-horizontal": SlidersHorizontal, star: Star, tags: Tags, thermometer: Thermometer, timer: Timer, "user-cog": UserCog, "users-round": UsersRound,
  waves: Waves, workflow: Workflow, "alarm-clock": AlarmClock,
};

/** Every icon name the menu can draw, sorted: the menu editor's icon picker offers these. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS).sort();

export function MenuIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const Icon = (name && ICONS[name]) || Circle;
  return <Icon className={className} aria-hidden="true" />;
}

/**
 * The icons a menu tree uses (and the fallback dot under ""), drawn by the server layout: the side
 * menu shows them without the icon set being in every page's JavaScript.
 */
export function menuIconsOf(menus: readonly MenuNode[], extra: readonly string[]): Record<string, ReactNode> {
  const names = new Set(extra);
  const walk = (nodes: readonly MenuNode[]) => nodes.forEach((n) => (n.icon && names.add(n.icon), walk(n.childrens)));
  walk(menus);
  return Object.fromEntries(["", ...names].map((n) => [n, <MenuIcon name={n} className="size-full" />]));
}

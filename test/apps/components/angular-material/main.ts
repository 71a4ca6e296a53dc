/**
 * Angular + Angular Material (with the CDK): the "New team member" form, the members table, the
 * onboarding drawer and a sign-in page (`#/sign-in`), standalone components written as Material's
 * docs show them. No Angular CLI: the templates are compiled in the page (JIT, `@angular/compiler`
 * loaded first, which also links the library's partially compiled code), the decorators are
 * TypeScript's experimental ones (esbuild's tsconfigRaw), change detection is zoneless and the state
 * is signals. The Location autocomplete renders its 160 offices through a CDK virtual-scroll
 * viewport in an overlay at the end of the body; Skills is a `mat-select multiple`, whose list stays
 * open after a choice; answers are snack bars (polite: role=status). The toolbar counts the people
 * online over a websocket; the prebuilt azure-blue theme and the Material Icons font come from npm.
 */
import '@angular/compiler';
import {
  afterRenderEffect,
  Component,
  computed,
  inject,
  Injectable,
  provideZonelessChangeDetection,
  signal,
  viewChild,
} from '@angular/core';
import { FormsModule } from '@angular/forms';
import { bootstrapApplication } from '@angular/platform-browser';
import { CdkFixedSizeVirtualScroll, CdkVirtualForOf, CdkVirtualScrollViewport } from '@angular/cdk/scrolling';
import { MatAutocomplete, MatAutocompleteTrigger, MatOption } from '@angular/material/autocomplete';
import { MatButton, MatIconButton } from '@angular/material/button';
import { MatCheckbox } from '@angular/material/checkbox';
import { provideNativeDateAdapter } from '@angular/material/core';
import { MatDatepicker, MatDatepickerInput, MatDatepickerToggle } from '@angular/material/datepicker';
import {
  MAT_DIALOG_DATA,
  MatDialog,
  MatDialogActions,
  MatDialogClose,
  MatDialogContent,
  MatDialogTitle,
} from '@angular/material/dialog';
import {
  MatAccordion,
  MatExpansionPanel,
  MatExpansionPanelHeader,
  MatExpansionPanelTitle,
} from '@angular/material/expansion';
import {
  MAT_FORM_FIELD_DEFAULT_OPTIONS,
  MatError,
  MatFormField,
  MatHint,
  MatLabel,
  MatSuffix,
} from '@angular/material/form-field';
import { MatIcon } from '@angular/material/icon';
import { MatInput } from '@angular/material/input';
import { MatPaginator, type PageEvent } from '@angular/material/paginator';
import { MatProgressBar } from '@angular/material/progress-bar';
import { MatRadioButton, MatRadioGroup } from '@angular/material/radio';
import { MatSelect } from '@angular/material/select';
import { MatSidenav, MatSidenavContainer, MatSidenavContent } from '@angular/material/sidenav';
import { MatSlideToggle } from '@angular/material/slide-toggle';
import { MatSlider, MatSliderThumb } from '@angular/material/slider';
import { MatSnackBar } from '@angular/material/snack-bar';
import { MatStep, MatStepper, MatStepperNext } from '@angular/material/stepper';
import {
  MatCell,
  MatCellDef,
  MatColumnDef,
  MatHeaderCell,
  MatHeaderCellDef,
  MatHeaderRow,
  MatHeaderRowDef,
  MatRow,
  MatRowDef,
  MatTable,
} from '@angular/material/table';
import { MatTab, MatTabGroup } from '@angular/material/tabs';
import { MatToolbar } from '@angular/material/toolbar';
import './style.css';
import {
  addMember,
  CONTRACTS,
  DEPARTMENTS,
  isoDay,
  listMembers,
  LOCATIONS,
  pageOf,
  removeMember,
  signIn,
  SKILLS,
  watchOnline,
  type Member,
} from '../shared/team';

/** What the form and the table tell the person: a snack bar, as Material's docs show it. */
const toast = (snackBar: MatSnackBar, text: string) => snackBar.open(text, undefined, { duration: 4000 });

/** Whether a request of the form is under way (the toolbar's progress bar shows it). */
@Injectable({ providedIn: 'root' })
class Activity {
  readonly busy = signal(false);
}

/** A photo is kept only when its name says PNG or JPEG. */
const PHOTO_TYPES = /\.(png|jpe?g)$/i;

@Component({
  selector: 'team-new-member',
  imports: [
    FormsModule,
    CdkFixedSizeVirtualScroll,
    CdkVirtualForOf,
    CdkVirtualScrollViewport,
    MatAccordion,
    MatAutocomplete,
    MatAutocompleteTrigger,
    MatButton,
    MatCheckbox,
    MatDatepicker,
    MatDatepickerInput,
    MatDatepickerToggle,
    MatError,
    MatExpansionPanel,
    MatExpansionPanelHeader,
    MatExpansionPanelTitle,
    MatFormField,
    MatHint,
    MatInput,
    MatLabel,
    MatOption,
    MatRadioButton,
    MatRadioGroup,
    MatSelect,
    MatSlideToggle,
    MatSlider,
    MatSliderThumb,
    MatSuffix,
  ],
  template: /* html */ `
    <h1 class="mat-headline-small">New team member</h1>
    <form class="form" (ngSubmit)="submit()">
      <mat-form-field>
        <mat-label>Name</mat-label>
        <input matInput name="name" [(ngModel)]="name" />
      </mat-form-field>
      <mat-form-field>
        <mat-label>Email</mat-label>
        <input matInput type="email" name="email" [(ngModel)]="email" />
      </mat-form-field>
      <mat-form-field>
        <mat-label>Department</mat-label>
        <mat-select name="department" [(ngModel)]="department">
          @for (d of departments; track d) {
            <mat-option [value]="d">{{ d }}</mat-option>
          }
        </mat-select>
      </mat-form-field>
      <mat-form-field>
        <mat-label>Location</mat-label>
        <input matInput name="location" [(ngModel)]="location" [matAutocomplete]="locationList" />
        <mat-autocomplete #locationList="matAutocomplete">
          <cdk-virtual-scroll-viewport itemSize="48" [style.height.px]="locationsHeight()">
            <mat-option *cdkVirtualFor="let l of locations()" [value]="l">{{ l }}</mat-option>
          </cdk-virtual-scroll-viewport>
        </mat-autocomplete>
      </mat-form-field>
      <mat-form-field>
        <mat-label>Skills</mat-label>
        <mat-select name="skills" [(ngModel)]="skills" multiple>
          @for (s of skillChoices; track s) {
            <mat-option [value]="s">{{ s }}</mat-option>
          }
        </mat-select>
      </mat-form-field>
      <mat-form-field>
        <mat-label>Start date</mat-label>
        <input matInput name="start" [matDatepicker]="startPicker" [(ngModel)]="start" />
        <mat-hint>MM/DD/YYYY</mat-hint>
        <mat-datepicker-toggle matIconSuffix [for]="startPicker" />
        <mat-datepicker #startPicker />
      </mat-form-field>
      <label id="contract-label" class="label">Contract</label>
      <mat-radio-group aria-labelledby="contract-label" name="contract" [(ngModel)]="contract">
        @for (c of contracts; track c) {
          <mat-radio-button [value]="c">{{ c }}</mat-radio-button>
        }
      </mat-radio-group>
      <label id="hours-label" class="label">Weekly hours</label>
      <mat-slider min="0" max="40" discrete>
        <input matSliderThumb aria-labelledby="hours-label" name="hours" [(ngModel)]="hours" />
      </mat-slider>
      <mat-checkbox name="conduct" [(ngModel)]="conduct">Accepts the code of conduct</mat-checkbox>
      <mat-slide-toggle name="active" [(ngModel)]="active">Active</mat-slide-toggle>
      <mat-accordion>
        <mat-expansion-panel>
          <mat-expansion-panel-header>
            <mat-panel-title>Advanced</mat-panel-title>
          </mat-expansion-panel-header>
          <mat-form-field class="notes">
            <mat-label>Notes</mat-label>
            <textarea matInput name="notes" [(ngModel)]="notes"></textarea>
          </mat-form-field>
        </mat-expansion-panel>
      </mat-accordion>
      <div>
        <button mat-stroked-button type="button" (click)="photoInput.click()">Upload photo</button>
        <input #photoInput hidden type="file" accept="image/*" (change)="choosePhoto(photoInput)" />
        @if (photo()) {
          <span class="label"> {{ photo() }}</span>
        }
        @if (photoError()) {
          <mat-error role="alert">{{ photoError() }}</mat-error>
        }
      </div>
      <div>
        <button mat-flat-button type="submit" [disabled]="busy()">Add member</button>
      </div>
    </form>
  `,
})
class NewMember {
  private readonly snackBar = inject(MatSnackBar);
  readonly busy = inject(Activity).busy;
  readonly departments = DEPARTMENTS;
  readonly contracts = CONTRACTS;
  readonly name = signal('');
  readonly email = signal('');
  readonly department = signal('');
  readonly location = signal('');
  readonly skillChoices = SKILLS;
  readonly skills = signal<string[]>([]);
  readonly start = signal<Date | null>(null);
  readonly contract = signal('Full-time');
  readonly hours = signal(40);
  readonly conduct = signal(false);
  readonly active = signal(false);
  readonly notes = signal('');
  readonly photo = signal('');
  readonly photoError = signal('');

  /** The offices whose name holds what is typed: the viewport renders only those in view. */
  readonly locations = computed(() => LOCATIONS.filter((l) => l.toLowerCase().includes(this.location().toLowerCase())));
  readonly locationsHeight = computed(() => Math.min(this.locations().length, 5) * 48);
  private readonly viewport = viewChild(CdkVirtualScrollViewport);
  constructor() {
    // The viewport measures itself once; it is told when the list (and so its height) changes.
    afterRenderEffect(() => {
      this.locations();
      this.viewport()?.checkViewportSize();
    });
  }

  choosePhoto(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const ok = PHOTO_TYPES.test(file.name);
    this.photo.set(ok ? file.name : '');
    this.photoError.set(ok ? '' : 'Only PNG or JPEG images can be uploaded');
  }

  async submit() {
    this.busy.set(true);
    const start = this.start();
    const member: Member & { photo?: string } = {
      name: this.name(),
      email: this.email(),
      department: this.department(),
      location: LOCATIONS.includes(this.location()) ? this.location() : undefined,
      skills: this.skills(),
      startDate: start ? isoDay(start) : undefined,
      contract: this.contract(),
      hours: this.hours(),
      conduct: this.conduct(),
      active: this.active(),
      notes: this.notes(),
      photo: this.photo() || undefined,
    };
    const answer = await addMember(member);
    this.busy.set(false);
    toast(this.snackBar, answer.ok ? 'Member added' : answer.message);
  }
}

@Component({
  selector: 'team-confirm-removal',
  imports: [MatButton, MatDialogActions, MatDialogClose, MatDialogContent, MatDialogTitle],
  template: /* html */ `
    <h2 mat-dialog-title>Remove member?</h2>
    <mat-dialog-content>{{ data.name }} will lose access to every project.</mat-dialog-content>
    <mat-dialog-actions align="end">
      <button mat-button mat-dialog-close>Cancel</button>
      <button mat-button [mat-dialog-close]="true">Remove</button>
    </mat-dialog-actions>
  `,
})
class ConfirmRemoval {
  readonly data = inject<{ name: string }>(MAT_DIALOG_DATA);
}

@Component({
  selector: 'team-members',
  imports: [
    MatCell,
    MatCellDef,
    MatColumnDef,
    MatHeaderCell,
    MatHeaderCellDef,
    MatHeaderRow,
    MatHeaderRowDef,
    MatIcon,
    MatIconButton,
    MatPaginator,
    MatRow,
    MatRowDef,
    MatTable,
  ],
  template: /* html */ `
    <table mat-table [dataSource]="shown()" aria-label="Members">
      <ng-container matColumnDef="name">
        <th mat-header-cell *matHeaderCellDef>Name</th>
        <td mat-cell *matCellDef="let m">{{ m.name }}</td>
      </ng-container>
      <ng-container matColumnDef="email">
        <th mat-header-cell *matHeaderCellDef>Email</th>
        <td mat-cell *matCellDef="let m">{{ m.email }}</td>
      </ng-container>
      <ng-container matColumnDef="department">
        <th mat-header-cell *matHeaderCellDef>Department</th>
        <td mat-cell *matCellDef="let m">{{ m.department }}</td>
      </ng-container>
      <ng-container matColumnDef="actions">
        <th mat-header-cell *matHeaderCellDef>Actions</th>
        <td mat-cell *matCellDef="let m">
          <button mat-icon-button [attr.aria-label]="'Remove ' + m.name" (click)="askRemove(m.name)">
            <mat-icon>delete</mat-icon>
          </button>
        </td>
      </ng-container>
      <tr mat-header-row *matHeaderRowDef="columns"></tr>
      <tr mat-row *matRowDef="let row; columns: columns"></tr>
    </table>
    <mat-paginator
      [length]="rows().length"
      [pageIndex]="page()"
      [pageSize]="5"
      [hidePageSize]="true"
      (page)="turn($event)"
      aria-label="Members pages"
    />
  `,
})
class Members {
  private readonly dialog = inject(MatDialog);
  private readonly snackBar = inject(MatSnackBar);
  readonly columns = ['name', 'email', 'department', 'actions'];
  readonly rows = signal<Member[]>([]);
  readonly page = signal(0);
  readonly shown = computed(() => pageOf(this.rows(), this.page(), 5));

  constructor() {
    void listMembers().then((rows) => this.rows.set(rows));
  }

  turn(event: PageEvent) {
    this.page.set(event.pageIndex);
  }

  askRemove(name: string) {
    this.dialog
      .open(ConfirmRemoval, { data: { name } })
      .afterClosed()
      .subscribe(async (confirmed) => {
        if (!confirmed) return;
        const answer = await removeMember(name);
        if (answer.ok) this.rows.update((all) => all.filter((m) => m.name !== name));
        toast(this.snackBar, answer.ok ? `${name} removed` : answer.message);
      });
  }
}

@Component({
  selector: 'team-sign-in',
  imports: [FormsModule, MatButton, MatFormField, MatInput, MatLabel],
  template: /* html */ `
    <div class="page" style="max-width: 400px">
      <h1 class="mat-headline-small">Sign in</h1>
      @if (refusal()) {
        <div role="alert" class="refusal">{{ refusal() }}</div>
      }
      @if (welcome()) {
        <p>{{ welcome() }}</p>
      } @else {
        <form class="form" (ngSubmit)="signIn()">
          <mat-form-field>
            <mat-label>Username</mat-label>
            <input matInput name="username" autocomplete="username" [(ngModel)]="username" />
          </mat-form-field>
          <mat-form-field>
            <mat-label>Password</mat-label>
            <input matInput type="password" name="password" autocomplete="current-password" [(ngModel)]="password" />
          </mat-form-field>
          <div><button mat-flat-button type="submit">Sign in</button></div>
        </form>
      }
    </div>
  `,
})
class SignIn {
  readonly username = signal('');
  readonly password = signal('');
  readonly refusal = signal('');
  readonly welcome = signal('');

  async signIn() {
    this.refusal.set('');
    const answer = await signIn(this.username(), this.password());
    if (answer.ok) this.welcome.set('Welcome back, Ada');
    else this.refusal.set(answer.message);
  }
}

const routeOf = () => (location.hash === '#/sign-in' ? 'sign-in' : 'team');

@Component({
  selector: 'team-app',
  imports: [
    MatButton,
    MatProgressBar,
    MatSidenav,
    MatSidenavContainer,
    MatSidenavContent,
    MatStep,
    MatStepper,
    MatStepperNext,
    MatTab,
    MatTabGroup,
    MatToolbar,
    Members,
    NewMember,
    SignIn,
  ],
  template: /* html */ `
    <mat-sidenav-container>
      <mat-sidenav #drawer mode="over" position="end">
        <div class="onboarding">
          <h2 class="mat-title-large">Onboarding checklist</h2>
          <mat-stepper orientation="vertical">
            <mat-step label="Laptop">
              <p>Pick up your laptop at the front desk.</p>
              <button mat-flat-button matStepperNext>Next</button>
            </mat-step>
            <mat-step label="Accounts">
              <p>Sign in to mail and chat.</p>
              <button mat-flat-button matStepperNext>Next</button>
            </mat-step>
            <mat-step label="Buddy">
              <p>Meet your buddy.</p>
              <button mat-flat-button (click)="finished.set(true)">Finish</button>
            </mat-step>
          </mat-stepper>
          @if (finished()) {
            <p>All steps completed</p>
          }
        </div>
      </mat-sidenav>
      <mat-sidenav-content>
        <mat-toolbar>
          <span>Team</span>
          <span class="spacer"></span>
          @if (online() !== null) {
            <span class="label">{{ online() }} people online</span>
          }
          <button mat-button (click)="drawer.toggle()">Onboarding checklist</button>
        </mat-toolbar>
        @if (busy()) {
          <mat-progress-bar mode="indeterminate" />
        }
        @if (route() === 'sign-in') {
          <team-sign-in />
        } @else {
          <mat-tab-group>
            <mat-tab label="Add member">
              <div class="page"><team-new-member /></div>
            </mat-tab>
            <mat-tab label="Members">
              <div class="page"><team-members /></div>
            </mat-tab>
          </mat-tab-group>
        }
      </mat-sidenav-content>
    </mat-sidenav-container>
  `,
})
class TeamApp {
  readonly route = signal(routeOf());
  readonly online = signal<number | null>(null);
  readonly busy = inject(Activity).busy;
  readonly finished = signal(false);

  constructor() {
    window.addEventListener('hashchange', () => this.route.set(routeOf()));
    watchOnline((n) => this.online.set(n));
  }
}

document.getElementById('app')!.append(document.createElement('team-app'));
bootstrapApplication(TeamApp, {
  providers: [
    provideZonelessChangeDetection(),
    provideNativeDateAdapter(),
    { provide: MAT_FORM_FIELD_DEFAULT_OPTIONS, useValue: { appearance: 'outline' } },
  ],
}).catch((error: unknown) => console.error(error));
